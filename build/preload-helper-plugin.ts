// Puts the app's own preload helper (build/preload-helper.ts) in the place of Vite's (issue 30):
// Vite's build wraps each dynamic import in `__vitePreload` from its private module
// `\0vite/preload-helper.js`, whose code it passes to its native import-analysis plugin; this
// plugin loads that module first. The build fails if the entry still holds Vite's helper (its
// `vite:preloadError` event), so an upgrade that renames the module cannot silently bring it back.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const VITE_PRELOAD_HELPER_ID = '\0vite/preload-helper.js';
const HELPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'preload-helper.ts');

export function preloadHelperPlugin(): Plugin {
  let used = false;
  return {
    name: 'budget-quest-preload-helper',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      if (config.base !== '/')
        throw new Error('preload-helper: the helper serves files from the site root ("/")');
    },
    load(id) {
      if (id !== VITE_PRELOAD_HELPER_ID) return null;
      used = true;
      // TypeScript: Rolldown strips the types (the id's extension says JavaScript).
      return { code: readFileSync(HELPER, 'utf8'), moduleType: 'ts' };
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.code.includes('vite:preloadError'))
          this.error(
            `${chunk.fileName} holds Vite's own preload helper; build/preload-helper.ts did not replace it`,
          );
      if (!used && this.environment.config.consumer === 'client')
        this.warn('preload-helper: no chunk used the preload helper');
    },
  };
}
