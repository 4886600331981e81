// Emits /sw.js at build time with the list of built files to precache and a cache name tied to
// the build, so every deploy gets a fresh cache and hashed assets work offline.
import type { Plugin } from 'vite';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'budget-quest-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'sw.js');
      // Precache the shell and the entry chunks; route chunks are cached as they are used.
      const shell = ['/', '/manifest.webmanifest', '/icons/icon.svg', '/icons/icon-192.png'];
      const entry = files.filter((f) => {
        const item = bundle[f];
        return (item.type === 'chunk' && item.isEntry) || (item.type === 'asset' && f.endsWith('.css'));
      });
      const version = createHash('sha256').update(files.sort().join('|')).digest('hex').slice(0, 12);
      const template = readFileSync(fileURLToPath(new URL('./sw-template.js', import.meta.url)), 'utf8');
      const source = template
        .replace('__CACHE_VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify([...shell, ...entry.map((f) => `/${f}`)]));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
