// One real server process (`server/index.ts`) with its own port and data folder, for the scale test.
import { spawnListening } from '../support/server-process';
import { fetcher } from '../support/http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Instance {
  name: string;
  url: string;
  /** Its data folder (the outbox of reset e-mails is in it). */
  dataDir: string;
  call<T = unknown>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bq-scale-${name}-`));
  const { port, child, exited } = await spawnListening(
    ['--import', 'tsx', 'server/index.ts'],
    { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: dataDir },
    `instance ${name}`,
  );
  const url = `http://127.0.0.1:${port}`;
  const send = fetcher(() => url);
  /** The shared Fetcher, its body typed by the caller. */
  async function call<T>(method: string, route: string, body?: unknown, token?: string) {
    const res = await send(method, route, body, token);
    return { status: res.status, body: res.body as T };
  }
  return {
    name,
    url,
    dataDir,
    call,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
