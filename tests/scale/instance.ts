// One real server process (`server/index.ts`) with its own port and data folder, for the scale test.
import { spawnListening } from '../hardening/support/server-process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Instance {
  name: string;
  url: string;
  call<T = unknown>(
    method: string,
    route: string,
    body?: unknown,
    token?: string,
  ): Promise<{ status: number; body: T }>;
  /** A call to this instance's local Plaid sandbox API with the shared sandbox keys. */
  sandbox<T>(route: string, body: Record<string, unknown>): Promise<T>;
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
  async function call<T>(method: string, route: string, body?: unknown, token?: string) {
    const res = await fetch(url + route, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  }
  return {
    name,
    url,
    call,
    async sandbox<T>(route: string, body: Record<string, unknown>) {
      const res = await call<T>('POST', `/plaid-sandbox${route}`, {
        client_id: env.PLAID_SANDBOX_CLIENT_ID,
        secret: env.PLAID_SANDBOX_SECRET,
        ...body,
      });
      if (res.status !== 200) throw new Error(`sandbox ${route}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
