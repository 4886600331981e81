// The Content-Security-Policy sources of index.html's inline scripts. The preload script runs
// inline in index.html (build/route-preload-plugin.ts): as a file it cost a round trip before the
// page's early reads and route preloads could start. `script-src` stays 'self' plus the exact
// hash of each inline script the build wrote, read once at start-up, so no other inline script
// runs. JSON data blocks (`type="application/json"`) are not scripts and need none.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** The text of each inline script of `html` that is code (no `src`, not a JSON data block). */
export function inlineScriptBodies(html: string): string[] {
  const bodies: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/.test(attrs) || /\btype\s*=\s*"application\/json"/.test(attrs)) continue;
    bodies.push(body);
  }
  return bodies;
}

/** `'sha256-…'` for each inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return inlineScriptBodies(html).map(
    (body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}

/** The hashes of `file`'s inline scripts; none when there is no such file (an API-only server). */
export function inlineScriptHashesOf(file: string): string[] {
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
