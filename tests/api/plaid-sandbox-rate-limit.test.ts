// The embedded sandbox inside the real app: its generated keys, its per-address rate limit and
// its log volume, seen from outside (HTTP) and from the operator's side (config, log lines).
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Products } from 'plaid';
import type { Logger } from '../../server/lib/logger';
import { createTestServer, type TestServer } from '../support/server';
import { startSandbox, type Sandbox } from '../support/plaid-sandbox-harness';
import { validatePlaidResponse } from '../support/plaid-openapi';

let app: TestServer | undefined;
let sb: Sandbox | undefined;
afterEach(async () => {
  await app?.close();
  await sb?.close();
  app = sb = undefined;
});

interface Line {
  level: string;
  msg: string;
  meta: Record<string, unknown>;
}
function recordingLogger() {
  const lines: Line[] = [];
  const at =
    (level: string) =>
    (msg: string, meta: Record<string, unknown> = {}) => {
      lines.push({ level, msg, meta });
    };
  const logger: Logger = { info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

const linkTokenRequest = {
  user: { client_user_id: 'user-1' },
  client_name: 'Budget Quest',
  products: ['transactions'],
  country_codes: ['US'],
  language: 'en',
};

async function rawPost(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

describe('when the app hosts the sandbox', () => {
  it('then only the keys generated into the data folder open its API, and the app itself has them', async () => {
    app = await createTestServer();
    const dir = app.config.dataDir;
    const clientId = readFileSync(path.join(dir, 'plaid-sandbox-client-id'), 'utf8').trim();
    const secret = readFileSync(path.join(dir, 'plaid-sandbox-secret'), 'utf8').trim();
    expect(clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(secret).toMatch(/^[0-9a-f]{30}$/);

    const url = `${app.url}/plaid-sandbox/link/token/create`;
    const guessed = await rawPost(url, linkTokenRequest, {
      'PLAID-CLIENT-ID': 'budget-quest-local',
      'PLAID-SECRET': 'budget-quest-local-secret',
    });
    expect(guessed.status).toBe(400);
    expect(guessed.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_API_KEYS' });
    expect(validatePlaidResponse('/link/token/create', guessed.status, guessed.body)).toEqual([]);
    const own = await rawPost(url, linkTokenRequest, { 'PLAID-CLIENT-ID': clientId, 'PLAID-SECRET': secret });
    expect(own.status).toBe(200);

    // The app's SDK client talks to the sandbox with them.
    const token = await app.register();
    const res = await app.req('POST', '/api/plaid/create_link_token', {}, token);
    expect(res.status).toBe(200);
    expect(res.body.link_token).toMatch(/^link-sandbox-/);
  });

  it('then PLAID_SANDBOX_CLIENT_ID and PLAID_SANDBOX_SECRET override the generated keys', async () => {
    const keys = { clientId: 'operator-chosen-client-1', secret: 'operator-chosen-secret-0123456789' };
    app = await createTestServer({
      env: { PLAID_SANDBOX_CLIENT_ID: keys.clientId, PLAID_SANDBOX_SECRET: keys.secret },
    });
    expect(existsSync(path.join(app.config.dataDir, 'plaid-sandbox-secret'))).toBe(false);
    const url = `${app.url}/plaid-sandbox/link/token/create`;
    const own = await rawPost(url, { ...linkTokenRequest, client_id: keys.clientId, secret: keys.secret });
    expect(own.status).toBe(200);
    const close = await rawPost(url, {
      ...linkTokenRequest,
      client_id: keys.clientId,
      secret: `${keys.secret}!`,
    });
    expect(close.body).toMatchObject({ error_code: 'INVALID_API_KEYS' });
    const token = await app.register();
    expect((await app.req('POST', '/api/plaid/create_link_token', {}, token)).status).toBe(200);
  });
});

describe('when one address floods the sandbox', () => {
  it('then 300 requests in a second are mostly refused with 429 RATE_LIMIT_EXCEEDED, logged once, and the app still banks', async () => {
    const { logger, lines } = recordingLogger();
    app = await createTestServer({ deps: { logger } });
    const url = `${app.url}/plaid-sandbox/sandbox/public_token/create`;
    const body = { institution_id: 'ins_109508', initial_products: ['transactions'] };
    const headers = { 'PLAID-CLIENT-ID': 'a', 'PLAID-SECRET': 'b' };
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 300 }, () => rawPost(url, body, headers)));
    const elapsed = performance.now() - started;
    const limited = answers.filter((a) => a.status === 429);
    const rest = answers.filter((a) => a.status !== 429);
    // 60 per 10 s window by default: at most 60 get through per window the burst touched (one,
    // unless the machine is so loaded that sending 300 requests takes over 10 s).
    const { rateLimit, rateWindowMs } = app.config.plaid.sandbox!;
    expect(rest.length).toBeLessThanOrEqual(rateLimit * (1 + Math.ceil(elapsed / rateWindowMs)));
    expect(limited.length).toBeGreaterThan(150);
    expect(rest.every((a) => a.status === 400 && a.body.error_code === 'INVALID_API_KEYS')).toBe(true);
    for (const a of limited) {
      expect(a.body).toMatchObject({
        error_type: 'RATE_LIMIT_EXCEEDED',
        error_code: 'RATE_LIMIT',
        display_message: null,
      });
      expect(validatePlaidResponse('/sandbox/public_token/create', 429, a.body)).toEqual([]);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await app.countRows('plaid_sandbox_items')).toBe(0);
    expect(lines.filter((l) => l.msg.includes('rate limit')).length).toBe(1);

    // The server's own SDK calls carry the sandbox's keys and are not held up by the flood.
    const token = await app.register();
    expect((await app.req('POST', '/api/plaid/create_link_token', {}, token)).status).toBe(200);
  });

  it('then the public Link endpoints are limited too, and the window ends', async () => {
    app = await createTestServer({
      env: { PLAID_SANDBOX_RATE_LIMIT: '5', PLAID_SANDBOX_RATE_WINDOW_MS: '1000' },
    });
    const url = `${app.url}/plaid-sandbox/link/open`;
    const body = { link_token: 'link-sandbox-00000000-0000-0000-0000-000000000000' };
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await rawPost(url, body)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    await new Promise((r) => setTimeout(r, 1050));
    const after = await rawPost(url, body);
    expect(after.status).toBe(400);
    expect(after.body.error_code).toBe('INVALID_LINK_TOKEN');
  });
});

describe('when items are created quickly', () => {
  it('then each kind of creation logs at most one line a minute, with no tokens, counting the rest', async () => {
    const { logger, lines } = recordingLogger();
    sb = await startSandbox({ logger });
    const s = sb;
    const viaApi = () =>
      s.ok('/sandbox/public_token/create', (p) =>
        p.sandboxPublicTokenCreate({
          institution_id: 'ins_109508',
          initial_products: [Products.Transactions],
        }),
      );
    const viaLink = async () => {
      const { link_token } = await s.ok('/link/token/create', (p) =>
        p.linkTokenCreate(linkTokenRequest as never),
      );
      const creds = {
        link_token,
        institution_id: 'ins_109511',
        username: 'user_good',
        password: 'pass_good',
      };
      await s.post('/link/credentials', creds);
      expect((await s.post('/link/session', creds)).status).toBe(200);
    };
    const created = () => lines.filter((l) => l.msg === 'plaid sandbox: item created');
    for (let i = 0; i < 5; i++) await viaApi();
    for (let i = 0; i < 3; i++) await viaLink();
    expect(created()).toHaveLength(2);
    expect(created().map((l) => l.meta.kind)).toEqual(['item-created:sandbox-api', 'item-created:link']);

    s.clock.advance(59_000);
    await viaApi();
    expect(created()).toHaveLength(2);
    s.clock.advance(1_000);
    await viaApi();
    expect(created()).toHaveLength(3);
    expect(created()[2].meta.alsoSinceLastLine).toBe(5);

    const text = JSON.stringify(lines);
    expect(text).not.toMatch(/(link|public|access)-sandbox-/);
    expect(text).not.toContain(s.keys['PLAID-SECRET']);
  });
});
