// The bench's own server programs (the app with a fake bank, the hello-world), bundled the way
// `npm run build` bundles the real server (vite.server.config.ts) and run with plain `node`:
// under tsx the same app kept 40 MB more resident memory (129 MB idle against 89 MB), which the
// bank-sync suite's memory goal would have counted against the app.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

export const BENCH_SERVERS_DIR = path.resolve('.tmp-bench', 'servers');

let built: Promise<void> | undefined;

/** Builds bench/support/{stub-bank,hello}-server.ts once per bench run; answers their paths. */
export async function benchServers(): Promise<{ stubBank: string; hello: string }> {
  built ??= build({
    configFile: path.resolve('vite.server.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: true,
      outDir: BENCH_SERVERS_DIR,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: {
        input: {
          'stub-bank-server': path.resolve('bench/support/stub-bank-server.ts'),
          'hello-server': path.resolve('bench/support/hello-server.ts'),
        },
        output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  }).then(() => undefined);
  await built;
  const stubBank = path.join(BENCH_SERVERS_DIR, 'stub-bank-server.js');
  const hello = path.join(BENCH_SERVERS_DIR, 'hello-server.js');
  if (!existsSync(stubBank) || !existsSync(hello)) throw new Error('the bench servers were not built');
  return { stubBank, hello };
}
