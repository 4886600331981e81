// Starts only the local Plaid sandbox router (no app) on port 0 against a throwaway database,
// and talks to it through the official SDK. Every response that passes through here, success
// or error, is checked against Plaid's OpenAPI description.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { expect } from 'vitest';
import { Configuration, CountryCode, PlaidApi, Products, type PlaidError } from 'plaid';
import { createDb, migrate } from '../../server/db/knex';
import { manualClock } from '../../server/lib/clock';
import { silentLogger, type Logger } from '../../server/lib/logger';
import { createPlaidSandbox } from '../../server/plaid-sandbox';
import { validatePlaidResponse, validatePlaidSchema } from './plaid-openapi';

interface AxiosLike<T> {
  status: number;
  data: T;
}

export interface Failure {
  status: number;
  body: PlaidError;
}

export interface SandboxOptions {
  notReadyMs?: number;
  now?: Date;
  /** Requests per address and window; generous unless a test is about the limit. */
  rateLimit?: number;
  rateWindowMs?: number;
  logger?: Logger;
}

export async function startSandbox(opts: SandboxOptions = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bq-plaid-'));
  const databaseUrl = process.env.DATABASE_URL;
  const pgSchema = databaseUrl ? `plaid_sb_${randomBytes(6).toString('hex')}` : undefined;
  const db = createDb({ databaseUrl, dataDir, sqliteFile: 'sandbox.sqlite', pgSchema });
  await migrate(db, pgSchema);
  const clock = manualClock(opts.now ?? new Date('2025-03-01T12:00:00Z'));
  const notReadyMs = opts.notReadyMs ?? 1500;
  // The sandbox's own keys, as config.ts would generate them: the only ones it accepts.
  const keys = { clientId: randomBytes(12).toString('hex'), secret: randomBytes(15).toString('hex') };
  const KEYS = { 'PLAID-CLIENT-ID': keys.clientId, 'PLAID-SECRET': keys.secret };

  // Kept across restarts, as the data folder keeps it: access tokens and cursors stay valid.
  const serverSecret = randomBytes(32);
  let server: Server;
  let url = '';
  async function listen() {
    const app = express();
    app.use(
      '/plaid-sandbox',
      createPlaidSandbox({
        db,
        clock,
        notReadyMs,
        logger: opts.logger ?? silentLogger,
        serverSecret,
        appUrl: 'http://app.test',
        ...keys,
        rateLimit: opts.rateLimit ?? 100_000,
        rateWindowMs: opts.rateWindowMs ?? 60_000,
      }),
    );
    server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();

  const sdk = (headers: Record<string, string> = KEYS) =>
    new PlaidApi(new Configuration({ basePath: `${url}/plaid-sandbox`, baseOptions: { headers } }));
  let plaid = sdk();

  /** An SDK call that must succeed; its body must match the endpoint's documented 200 response. */
  async function ok<T>(apiPath: string, call: (p: PlaidApi) => Promise<AxiosLike<T>>): Promise<T> {
    try {
      const res = await call(plaid);
      expect(validatePlaidResponse(apiPath, res.status, res.data), `${apiPath} response`).toEqual([]);
      return res.data;
    } catch (err) {
      const res = (err as { response?: AxiosLike<unknown> }).response;
      if (res)
        throw new Error(`${apiPath} failed with ${res.status}: ${JSON.stringify(res.data)}`, { cause: err });
      throw err;
    }
  }

  /** An SDK call that must fail; its body must be a valid PlaidError. */
  async function fails(apiPath: string, call: (p: PlaidApi) => Promise<unknown>): Promise<Failure> {
    try {
      await call(plaid);
    } catch (err) {
      const res = (err as { response?: AxiosLike<PlaidError> }).response;
      if (!res) throw err;
      expect(validatePlaidResponse(apiPath, res.status, res.data), `${apiPath} error`).toEqual([]);
      return { status: res.status, body: res.data };
    }
    throw new Error(`${apiPath} unexpectedly succeeded`);
  }

  /** A raw POST (private Link endpoints, malformed bodies); errors must be valid PlaidErrors. */
  async function post<T = Record<string, unknown>>(
    urlPath: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${url}/plaid-sandbox${urlPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const parsed = (await res.json()) as T;
    if (res.status >= 400) expect(validatePlaidSchema('PlaidError', parsed), `${urlPath} error`).toEqual([]);
    return { status: res.status, body: parsed };
  }

  async function close() {
    await stop();
    if (pgSchema) await db.raw('DROP SCHEMA IF EXISTS ?? CASCADE', [pgSchema]);
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }

  return {
    get url() {
      return url;
    },
    db,
    clock,
    notReadyMs,
    /** The keys the sandbox accepts, as PLAID-CLIENT-ID / PLAID-SECRET headers. */
    keys: KEYS,
    sdk,
    ok,
    fails,
    post,
    close,
    /** Restarts the HTTP server and router on the same database, as a redeploy would. */
    async restart() {
      await stop();
      await listen();
      plaid = sdk();
    },
    /** Makes later calls use an SDK built with these headers (e.g. none, for INVALID_API_KEYS). */
    useSdk(p: PlaidApi) {
      plaid = p;
    },
  };
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/** A valid /link/token/create body; `extra` replaces or adds fields. */
export const linkTokenRequest = (extra: Record<string, unknown> = {}) => ({
  user: { client_user_id: 'user-1' },
  client_name: 'Budget Quest',
  products: [Products.Transactions],
  country_codes: [CountryCode.Us],
  language: 'en',
  ...extra,
});
