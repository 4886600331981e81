// Sends the built app's text files in the encoding the browser prefers, from the brotli and gzip
// copies written at build time (build/precompress-plugin.ts): brotli quality 11 costs seconds per
// megabyte, so it is done once per build, never per request. Other files (images, sounds) are left
// to express.static behind this.
import type { RequestHandler } from 'express';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { acceptedEncodings } from '../lib/accept-encoding';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

interface Variants {
  type: string;
  /** Absolute paths of the file and of its compressed copies. */
  identity: string;
  br?: string;
  gzip?: string;
}

/** Every text file under `root` (but `skip`'s folders) and its compressed copies, by URL path. */
function scan(root: string, skip: string[]): Map<string, Variants> {
  const found = new Map<string, Variants>();
  const walk = (dir: string) => {
    const names = new Set(readdirSync(dir));
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!(dir === root && skip.includes(name))) walk(full);
        continue;
      }
      const type = TYPES[path.extname(name)];
      // Text files too small to have copies are served here too, with the same headers.
      if (!type) continue;
      const url = '/' + path.relative(root, full).split(path.sep).join('/');
      found.set(url, {
        type,
        identity: full,
        br: names.has(`${name}.br`) ? `${full}.br` : undefined,
        gzip: names.has(`${name}.gz`) ? `${full}.gz` : undefined,
      });
    }
  };
  // A static folder may lack a part (say, no assets yet): then there is nothing here to serve.
  if (existsSync(root)) walk(root);
  return found;
}

export interface PrecompressedOptions {
  cacheControl: string;
  /**
   * Content-hashed files cached as immutable: sent without ETag, Last-Modified or Accept-Ranges,
   * since nothing ever revalidates or resumes them.
   */
  immutable?: boolean;
  /** Headers every answer gets (security headers, when this runs before helmet). */
  headers?: Record<string, string>;
  /** URL paths answered with another file, e.g. `/` with `/index.html`. */
  aliases?: Record<string, string>;
  /** Folders directly under the root that another handler serves. */
  skip?: string[];
}

/** Serves the text files under `root`; the list of files is read once, here. */
export function precompressedStatic(root: string, opts: PrecompressedOptions): RequestHandler {
  const files = scan(root, opts.skip ?? []);
  const validators = !opts.immutable;
  return function precompressed(req, res, next) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = opts.aliases?.[req.path] ?? req.path;
    const file = files.get(urlPath);
    if (!file) return next();
    const encoding = acceptedEncodings(req.get('accept-encoding')).find((e) => file[e])!;
    const sendPath = file[encoding]!;
    if (opts.headers) res.set(opts.headers);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Content-Type', file.type);
    res.setHeader('Cache-Control', opts.cacheControl);
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    const sendOptions = {
      cacheControl: false,
      dotfiles: 'deny' as const,
      etag: validators,
      lastModified: validators,
      acceptRanges: validators,
    };
    res.sendFile(sendPath, sendOptions, (err?: NodeJS.ErrnoException) => {
      if (!err || res.headersSent) return;
      // Removed since start-up (a rebuild): let express.static answer with what is there now.
      res.removeHeader('Content-Encoding');
      if (err.code === 'ENOENT') next();
      else next(err);
    });
  };
}
