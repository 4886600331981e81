// Runs the real entry point (`tsx server/index.ts`) as a child process on a temp data folder and a
// free port, so the load and crash tests hit the same server a user would, and can kill -9 it.
// On PostgreSQL (DATABASE_URL set) the server gets a fresh database of its own, dropped on cleanup.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import knex, { type Knex } from 'knex';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export interface ServerHome {
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** A Knex connection to the server's own database, for after-the-fact checks. */
  openDb(): Knex;
  cleanup(): Promise<void>;
}

/**
 * What a server process needs when many test or bench users register and link from one loopback
 * address: the per-address limits raised (only the limits' own tests exercise them), the sandbox
 * ready at once, and sandbox keys of its own (`tag` names them in logs).
 */
export function manyUsersEnv(tag: string): NodeJS.ProcessEnv {
  return {
    HOST: '127.0.0.1',
    AUTH_RATE_LIMIT: '1000000',
    PLAID_SANDBOX_RATE_LIMIT: '1000000',
    PLAID_NOT_READY_MS: '0',
    PLAID_SANDBOX_CLIENT_ID: `${tag}-${randomBytes(8).toString('hex')}`,
    PLAID_SANDBOX_SECRET: randomBytes(16).toString('hex'),
  };
}

/** A data folder (and on PostgreSQL a database) that several server starts can share. */
export async function serverHome(extra: NodeJS.ProcessEnv = {}): Promise<ServerHome> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-hard-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...manyUsersEnv('hard'),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    STATIC_DIR: path.join(dataDir, 'no-static'),
    ...extra,
  };
  for (const k of ['PLAID_CLIENT_ID', 'PLAID_SECRET', 'SIMULATED_BANKING', 'PORT']) delete env[k];
  let dbName: string | undefined;
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    dbName = `hard_${randomBytes(6).toString('hex')}`;
    const admin = knex({ client: 'pg', connection: adminUrl });
    await admin.raw('CREATE DATABASE ??', [dbName]);
    await admin.destroy();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.toString();
  } else delete env.DATABASE_URL;

  const openDb = () =>
    env.DATABASE_URL
      ? knex({ client: 'pg', connection: env.DATABASE_URL })
      : knex({
          client: 'sqlite3',
          connection: { filename: path.join(dataDir, 'budget-quest.sqlite') },
          useNullAsDefault: true,
        });

  async function cleanup() {
    if (adminUrl && dbName) {
      const admin = knex({ client: 'pg', connection: adminUrl });
      await admin.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [dbName]);
      await admin.destroy();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  return { dataDir, env, openDb, cleanup };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: { text: string };
  exited: Promise<number | null>;
}

export interface ListeningProcess {
  port: number;
  child: ChildProcess;
  /** The last 20,000 characters the process wrote (stdout and stderr). */
  output: { text: string };
  exited: Promise<number | null>;
}

/**
 * Spawns `node` with `args` and resolves once the process logs the port it listens on (the
 * server's "listening on http://localhost:PORT" line; the bench's helper servers log the same).
 */
export async function spawnListening(
  args: string[],
  env: NodeJS.ProcessEnv,
  name = 'server',
): Promise<ListeningProcess> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  const keep = (d: Buffer) => (output.text = (output.text + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  const port = await new Promise<number>((resolve, reject) => {
    const poll = setInterval(() => {
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output.text);
      if (m) {
        clearInterval(poll);
        resolve(Number(m[1]));
      }
    }, 20);
    void exited.then((code) => {
      clearInterval(poll);
      reject(new Error(`${name} exited with ${code}: ${output.text}`));
    });
  });
  return { port, child, output, exited };
}

/** Starts the server on `home` and resolves once it listens (port 0: the OS picks a free one). */
export async function startServer(home: ServerHome): Promise<RunningServer> {
  const { port, child, output, exited } = await spawnListening(['--import', 'tsx', 'server/index.ts'], {
    ...home.env,
    PORT: '0',
  });
  return { url: `http://127.0.0.1:${port}`, child, output, exited };
}

/** SIGTERM and wait for the exit. */
export async function stopServer(s: RunningServer) {
  s.child.kill('SIGTERM');
  await s.exited;
}
