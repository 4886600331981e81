// Server processes for the benchmarks: the built server as `npm start` runs it (`node
// dist-server/index.js`, after `npm run build`), a bench variant of it whose bank is a fake Plaid
// with a chosen number of transactions, and a bare Express hello-world. Each runs in a process of
// its own on a free loopback port with a fresh data folder, so the bench process's own work
// (Playwright, autocannon) is never counted as the server's, and its memory can be read alone.
import { manyUsersEnv, spawnListening } from '../../tests/support/server-process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchServers } from './bench-servers-build';

export const DIST = path.resolve('dist');
export const SERVER_ENTRY = path.resolve('dist-server', 'index.js');

/** Throws unless `npm run build` has produced the app and the server bundle. */
export function requireBuild(): void {
  if (!existsSync(path.join(DIST, 'index.html')) || !existsSync(SERVER_ENTRY))
    throw new Error('run `npm run build` first (dist/ and dist-server/ are missing)');
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** The sandbox API keys this server's local Plaid sandbox accepts. */
  env: NodeJS.ProcessEnv;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The environment of a production start (`NODE_ENV=production` with its own secrets and the
 * simulated bank), on SQLite in a fresh data folder. Every bench user comes from one address, so
 * the per-address sign-in and sandbox rate limits are raised; nothing else is changed.
 */
export function serverEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    SIMULATED_BANKING: 'true',
    MAIL_OUTBOX: 'true',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ...manyUsersEnv('bench'),
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: DIST,
    APP_URL: 'http://127.0.0.1',
    LOGIN_LOCKOUT_THRESHOLD: '1000',
    ...extra,
  };
  for (const k of ['DATABASE_URL', 'PLAID_CLIENT_ID', 'PLAID_SECRET', 'SMTP_URL']) delete env[k];
  return env;
}

/** Spawns `args` (after node) and resolves once it logs the port it listens on. */
export async function spawnServer(
  args: string[],
  env: NodeJS.ProcessEnv,
  cleanup: () => Promise<void> = async () => undefined,
): Promise<ServerProcess> {
  const { port, child, output, exited } = await spawnListening(args, env);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    env,
    output: () => output.text,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
}

async function withDataDir(start: (dataDir: string) => Promise<ServerProcess>): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-bench-'));
  try {
    return await start(dataDir);
  } catch (err) {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The built server, as `npm start` runs it. */
export function startBuiltServer(extra: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  requireBuild();
  return withDataDir((dataDir) =>
    spawnServer([SERVER_ENTRY], serverEnv(dataDir, extra), () =>
      rm(dataDir, { recursive: true, force: true }),
    ),
  );
}

/** The same app (routes, services, repositories, SQLite) whose bank is tests/support/stub-plaid.ts. */
export async function startStubBankServer(transactions: number): Promise<ServerProcess> {
  const { stubBank } = await benchServers();
  return withDataDir((dataDir) =>
    spawnServer([stubBank], serverEnv(dataDir, { STUB_TRANSACTIONS: String(transactions) }), () =>
      rm(dataDir, { recursive: true, force: true }),
    ),
  );
}

/** A bare Express hello-world, the throughput baseline. */
export async function startHelloServer(): Promise<ServerProcess> {
  const { hello } = await benchServers();
  return spawnServer([hello], { ...process.env, NODE_ENV: 'production' });
}

/** The resident set size of process `pid` now, in MB (Linux: /proc/<pid>/status). */
export async function rssMb(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
  if (!Number.isFinite(kb)) throw new Error(`no VmRSS for process ${pid}`);
  return kb / 1024;
}

/** Reads `pid`'s RSS every `everyMs` until stopped; answers the samples (MB). */
export function sampleRss(pid: number, everyMs = 20): { stop: () => Promise<number[]> } {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        samples.push(await rssMb(pid));
      } catch {
        return; // the process has exited
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}
