// `npm run build` builds the server too: one bundle of server/index.ts in dist-server/ (its npm
// packages stay external), so `npm start` runs plain `node` on JavaScript instead of compiling
// TypeScript at every start (issue 14's start-up goal). `npm run dev` and the tests still run the
// TypeScript through tsx.
import { defineConfig, type Plugin } from 'vite';
import { readFileSync } from 'node:fs';

/** The local Plaid sandbox reads its Link script beside its own module; the bundle gets a copy. */
const LINK_SCRIPT = 'link/link-initialize.js';
function sandboxLinkScript(): Plugin {
  return {
    name: 'budget-quest-sandbox-link-script',
    generateBundle() {
      const source = readFileSync(new URL(`./server/plaid-sandbox/${LINK_SCRIPT}`, import.meta.url), 'utf8');
      this.emitFile({ type: 'asset', fileName: LINK_SCRIPT, source });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [sandboxLinkScript()],
  build: {
    ssr: 'server/index.ts',
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    // Chunks sit beside index.js: the sandbox's chunk finds its Link script at ./link/.
    rollupOptions: { output: { entryFileNames: 'index.js', chunkFileNames: '[name]-[hash].js' } },
  },
});
