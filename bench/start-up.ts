// Suite "start-up": `node dist-server/index.js` (what `npm start` runs after its build) from the
// spawn to the first 200 from GET /api/health, polled every 5 ms on a port picked beforehand.
// Each run first starts on an empty data folder (secrets generated, every migration run), then
// once more on the folder it left (what every later start does).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { requireBuild, SERVER_ENTRY } from './support/server-process';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 1500;
const GIVE_UP_MS = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** ms from spawning the server until it answers its health check, then stops it. */
async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const k of ['DATABASE_URL', 'PLAID_CLIENT_ID', 'PLAID_SECRET', 'NODE_ENV', 'STATIC_DIR'])
    delete env[k];
  const t0 = performance.now();
  const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited: ${stderr.slice(-1000)}`);
      if (performance.now() - t0 > GIVE_UP_MS) throw new Error('no answer within 30 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

async function run(): Promise<BenchResult[]> {
  requireBuild();
  const first: number[] = [];
  const again: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-start-'));
    try {
      first.push(Math.round(await startOnce(dataDir)));
      again.push(Math.round(await startOnce(dataDir)));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const how =
    'spawn of `node dist-server/index.js` (SQLite, the default environment of `npm start`) to the first 200 ' +
    'from /api/health';
  return [
    {
      id: 'start-up:first',
      what: 'Start-up on an empty data folder (secrets generated, all migrations)',
      unit: 'ms',
      samples: first,
      goal: { op: '<=', value: GOAL_MS },
      note: how,
    },
    {
      id: 'start-up:restart',
      what: 'Start-up on an existing data folder',
      unit: 'ms',
      samples: again,
      goal: { op: '<=', value: GOAL_MS },
      note: how,
    },
  ];
}

export const startUpSuite: BenchSuite = { name: 'start-up', run };
