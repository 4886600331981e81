// Emits /sw.js at build time with the list of built files to precache and a cache name tied to
// the build, so every deploy gets a fresh cache and hashed assets work offline.
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '../src/lib/routes.ts';
import { PRELOAD_ENTRY_NAME, chunkOfModule } from './route-preload-plugin.ts';
import { PUBLIC_PAGE_FILES, SESSION_RUNTIME_FILE, SIGNED_IN_FRAME_FILE } from '../src/app/route-files.ts';

/**
 * What the app needs to start offline on any route, beside the entries: the sign-in screen, and
 * for someone signed in the session's runtime and the signed-in frame, which are chunks of their
 * own since issue 30. Other pages are cached as they are used.
 */
const START_MODULES = [PUBLIC_PAGE_FILES[ROUTES.login]!, SESSION_RUNTIME_FILE, SIGNED_IN_FRAME_FILE];

/** A chunk's file and the files it imports statically (transitively). */
function closure(bundle: OutputBundle, file: string, into: Set<string>): Set<string> {
  const chunk = bundle[file];
  if (into.has(file) || chunk?.type !== 'chunk') return into;
  into.add(file);
  for (const next of (chunk as OutputChunk).imports) closure(bundle, next, into);
  return into;
}

export function serviceWorkerPlugin(): Plugin {
  let root = '';
  return {
    name: 'budget-quest-service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own: its HTML build drops the main entry's chunk when that holds nothing but
    // imports (the "index" group has taken the entry's code: vite.config.ts), and writes those
    // imports into index.html instead; a precached file that is not served would fail the install.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'sw.js');
        // Precache the shell, the entries with what they import, what every start needs (above) and
        // the stylesheets; route chunks are cached as they are used.
        const shell = ['/', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
        const precached = new Set<string>();
        for (const f of files) {
          const item = bundle[f]!;
          if (item.type === 'asset' && f.endsWith('.css')) precached.add(f);
          // The preload script's entry runs inline in index.html (build/route-preload-plugin.ts).
          if (item.type === 'chunk' && item.isEntry && item.name !== PRELOAD_ENTRY_NAME)
            closure(bundle, f, precached);
        }
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        for (const module of START_MODULES) {
          const chunk = chunkOfModule(chunks, root, module);
          if (!chunk) throw new Error(`service worker: ${module} is in no chunk`);
          closure(bundle, chunk.fileName, precached);
        }
        const version = createHash('sha256').update(files.sort().join('|')).digest('hex').slice(0, 12);
        const template = readFileSync(fileURLToPath(new URL('./sw-template.js', import.meta.url)), 'utf8');
        const source = template
          .replace('__CACHE_VERSION__', version)
          .replace('__PRECACHE__', JSON.stringify([...shell, ...[...precached].sort().map((f) => `/${f}`)]));
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}
