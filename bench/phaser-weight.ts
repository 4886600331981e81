// Suite "phaser-weight": the Phaser chunk alone, compressed as the server sends it, after
// `npm run build`. The goal is the trimmed build (games/shared/phaser-runtime.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BenchResult, BenchSuite } from './types';

const ASSETS = path.resolve('dist', 'assets');
/** `phaser-<hash>.js`, not the games' `phaser-game-panel-<hash>.js`. */
const CHUNK = /^phaser-[A-Za-z0-9_-]{8}\.js$/;
const RUNS = 5;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function run(only?: string): Promise<BenchResult[]> {
  const name = readdirSync(ASSETS).find((f) => CHUNK.test(f));
  if (!name) throw new Error('no Phaser chunk in dist/assets: run `npm run build` first');
  const code = readFileSync(path.join(ASSETS, name));
  const gzip = kb(gzipSync(code).length);
  const brotli = kb(brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  const results: BenchResult[] = [
    {
      id: 'phaser-weight:gzip',
      what: `Phaser chunk ${name}, gzip (zlib's default level, as compression middleware sends it)`,
      unit: 'KB',
      samples: Array(RUNS).fill(gzip),
      goal: { op: '<=', value: 260 },
      note: `${kb(code.length)} KB minified; the full Phaser 4.2.1 build is 352 KB gzip`,
    },
    {
      id: 'phaser-weight:brotli',
      what: `Phaser chunk ${name}, brotli quality 11`,
      unit: 'KB',
      samples: Array(RUNS).fill(brotli),
    },
  ];
  return results.filter((r) => !only || r.id.startsWith(only));
}

export const phaserWeightSuite: BenchSuite = { name: 'phaser-weight', run };
