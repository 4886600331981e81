// Plaid's webhooks (issue 27): the local sandbox signs and sends them as Plaid does, the app
// verifies each one (ES256 only, key by kid, iat at most 5 minutes old, body hash) and syncs in the
// background; open pages hear of it through the event stream, and so do sessions that end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { Products } from 'plaid';
import { createTestServer, type TestServer } from '../support/server';
import { deriveAccessToken } from '../../server/plaid-sandbox/items';
import { sandboxStore } from '../../server/plaid-sandbox/store';
import { webhookKeys } from '../../server/plaid-sandbox/webhooks';
import { WEBHOOK_PATH } from '../../server/services/plaid-client';
import { openEventStream } from '../support/event-stream';

let s: TestServer;
let keys: ReturnType<typeof webhookKeys>;

beforeAll(async () => {
  s = await createTestServer({ env: { PLAID_NOT_READY_MS: '0' } });
  keys = webhookKeys(sandboxStore(s.db), s.config.encryptionKey, s.clock);
});
afterAll(async () => {
  await s?.close();
});

const sandboxKeys = () => ({
  'PLAID-CLIENT-ID': s.config.plaid.sandbox!.clientId,
  'PLAID-SECRET': s.config.plaid.sandbox!.secret,
});

/** A call to the sandbox's own (non-SDK) endpoints with its keys. */
async function sandbox(route: string, body: Record<string, unknown>) {
  const res = await fetch(`${s.url}/plaid-sandbox${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...sandboxKeys() },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

interface Linked {
  token: string;
  itemId: string;
  accessToken: string;
}

/** A new user with a linked sandbox item whose webhook is this app's, synced once. */
async function linkedUser(webhook: string | null = `${s.url}${WEBHOOK_PATH}`): Promise<Linked> {
  const token = await s.register();
  const pub = await s.deps.plaid().sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
    options: {
      override_username: 'user_good',
      override_password: 'pass_good',
      ...(webhook ? { webhook } : {}),
    },
  });
  const ex = await s.req<{ item_id: string }>(
    'POST',
    '/api/plaid/exchange-token',
    { public_token: pub.data.public_token },
    token,
  );
  expect(ex.status).toBe(200);
  const sync = await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
  expect(sync.status).toBe(200);
  return {
    token,
    itemId: ex.body.item_id,
    accessToken: deriveAccessToken(s.config.encryptionKey, ex.body.item_id),
  };
}

const today = () => s.clock.now().toISOString().slice(0, 10);

async function createBankRow(u: Linked, description: string) {
  const res = await sandbox('/sandbox/transactions/create', {
    access_token: u.accessToken,
    transactions: [{ date_transacted: today(), date_posted: today(), amount: 14.2, description }],
  });
  expect(res.status).toBe(200);
}

async function names(token: string): Promise<string[]> {
  const res = await s.req<{ name: string }[]>('GET', '/api/plaid/transactions', undefined, token);
  return res.body.map((t) => t.name);
}

const syncBody = (itemId: string) =>
  JSON.stringify({
    webhook_type: 'TRANSACTIONS',
    webhook_code: 'SYNC_UPDATES_AVAILABLE',
    item_id: itemId,
    initial_update_complete: true,
    historical_update_complete: true,
    environment: 'sandbox',
  });

async function post(body: string, verification?: string) {
  const res = await fetch(`${s.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(verification ? { 'plaid-verification': verification } : {}),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const bankVersion = async (token: string) => {
  const me = await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token);
  const row = await s.db('users').where({ id: me.body.id }).first('bank_data_version');
  return Number(row.bank_data_version);
};

describe('the sandbox sends webhooks as Plaid does', () => {
  it('then a row made through /sandbox/transactions/create reaches the app with no click', async () => {
    const u = await linkedUser();
    expect(await names(u.token)).not.toContain('Chipotle Webhook');
    await createBankRow(u, 'Chipotle Webhook');
    await expect.poll(() => names(u.token), { timeout: 10_000 }).toContain('Chipotle Webhook');
  });

  it('then /webhook_verification_key/get answers the public key, valid against the OpenAPI shape', async () => {
    const jwt = await keys.sign('{}');
    const kid = JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()).kid as string;
    const res = await s.deps.plaid().webhookVerificationKeyGet({ key_id: kid });
    expect(res.data.key).toMatchObject({
      alg: 'ES256',
      kty: 'EC',
      crv: 'P-256',
      kid,
      use: 'sig',
      expired_at: null,
    });
    expect(Object.keys(res.data.key)).not.toContain('d');
    const unknown = await sandbox('/webhook_verification_key/get', { key_id: 'nope' });
    expect(unknown.status).toBe(400);
  });

  it('then /sandbox/item/fire_webhook fires the code asked for, and refuses an Item without a webhook', async () => {
    const u = await linkedUser();
    const fired = await sandbox('/sandbox/item/fire_webhook', {
      access_token: u.accessToken,
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    expect(fired).toMatchObject({ status: 200, body: { webhook_fired: true } });
    const silent = await linkedUser(null);
    const refused = await sandbox('/sandbox/item/fire_webhook', {
      access_token: silent.accessToken,
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    expect(refused.status).toBe(400);
    const bad = await sandbox('/sandbox/item/fire_webhook', {
      access_token: u.accessToken,
      webhook_code: 'NOT_A_CODE',
    });
    expect(bad.status).toBe(400);
  });

  it('then a webhook URL away from loopback and the app is never called', async () => {
    const u = await linkedUser('http://example.com/hook');
    const refused = await sandbox('/sandbox/item/fire_webhook', {
      access_token: u.accessToken,
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    expect(refused.status).toBe(400);
  });
});

describe('the app verifies every webhook', () => {
  it('then a valid one is accepted, and the same one again is harmless', async () => {
    const u = await linkedUser();
    const body = syncBody(u.itemId);
    const jwt = await keys.sign(body);
    const first = await post(body, jwt);
    expect(first).toMatchObject({ status: 200, body: { received: true, outcome: 'sync' } });
    await createBankRow(u, 'Replay Cafe');
    await expect.poll(() => names(u.token), { timeout: 10_000 }).toContain('Replay Cafe');
    const count = (await names(u.token)).length;
    const again = await post(body, jwt);
    expect(again.status).toBe(200);
    // A sync with nothing new changes nothing.
    await new Promise((r) => setTimeout(r, 300));
    expect((await names(u.token)).length).toBe(count);
  });

  it('then a tampered body, a missing header or another algorithm gets 401', async () => {
    const u = await linkedUser();
    const body = syncBody(u.itemId);
    const jwt = await keys.sign(body);
    const tampered = body.replace('"environment":"sandbox"', '"environment":"production"');
    expect((await post(tampered, jwt)).status).toBe(401);
    expect(await post(body)).toMatchObject({ status: 401, body: { error: 'Webhook verification failed' } });
    const kid = JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString()).kid as string;
    const hash = createHash('sha256').update(body).digest('hex');
    const hs256 = await new SignJWT({ request_body_sha256: hash })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setIssuedAt(Math.floor(s.clock.now().getTime() / 1000))
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    expect((await post(body, hs256)).status).toBe(401);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid })).toString('base64url')}.${Buffer.from(
      JSON.stringify({ iat: Math.floor(s.clock.now().getTime() / 1000), request_body_sha256: hash }),
    ).toString('base64url')}.`;
    expect((await post(body, none)).status).toBe(401);
    expect((await post(body, 'not a jwt')).status).toBe(401);
  });

  it('then a key id Plaid does not know, or a key of our own making, gets 401', async () => {
    const u = await linkedUser();
    const body = syncBody(u.itemId);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = await new SignJWT({ request_body_sha256: createHash('sha256').update(body).digest('hex') })
      .setProtectedHeader({ alg: 'ES256', kid: 'made-up-kid' })
      .setIssuedAt(Math.floor(s.clock.now().getTime() / 1000))
      .sign(privateKey);
    expect((await post(body, forged)).status).toBe(401);
    // Plaid's real kid with another key's signature.
    const real = await keys.sign(body);
    const kid = JSON.parse(Buffer.from(real.split('.')[0], 'base64url').toString()).kid as string;
    const wrongKey = await new SignJWT({
      request_body_sha256: createHash('sha256').update(body).digest('hex'),
    })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt(Math.floor(s.clock.now().getTime() / 1000))
      .sign(privateKey);
    expect((await post(body, wrongKey)).status).toBe(401);
  });

  it('then after a key rotation the new kid is fetched and verifies, and the retired key no longer does', async () => {
    const u = await linkedUser();
    const body = syncBody(u.itemId);
    const oldJwt = await keys.sign(body);
    const rotated = await sandbox('/sandbox/webhook_key/rotate', {});
    expect(rotated.status).toBe(200);
    const newJwt = await keys.sign(body);
    const kidOf = (j: string) =>
      JSON.parse(Buffer.from(j.split('.')[0], 'base64url').toString()).kid as string;
    expect(kidOf(newJwt)).toBe(rotated.body.key_id);
    expect(kidOf(newJwt)).not.toBe(kidOf(oldJwt));
    expect((await post(body, newJwt)).status).toBe(200);
    // A fresh app (nothing cached) refuses a webhook signed by the retired key.
    const other = await createTestServer({ env: { PLAID_NOT_READY_MS: '0' } });
    try {
      const otherKeys = webhookKeys(sandboxStore(other.db), other.config.encryptionKey, other.clock);
      const first = await otherKeys.sign(body);
      await fetch(`${other.url}/plaid-sandbox/sandbox/webhook_key/rotate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'PLAID-CLIENT-ID': other.config.plaid.sandbox!.clientId,
          'PLAID-SECRET': other.config.plaid.sandbox!.secret,
        },
        body: '{}',
      });
      const res = await fetch(`${other.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'plaid-verification': first },
        body,
      });
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('then a webhook signed more than 5 minutes ago gets 401', async () => {
    const u = await linkedUser();
    const body = syncBody(u.itemId);
    const jwt = await keys.sign(body);
    s.clock.advance(5 * 60_000 + 2_000);
    expect((await post(body, jwt)).status).toBe(401);
    expect((await post(body, await keys.sign(body))).status).toBe(200);
  });

  it("then a webhook for one user's item changes nothing of anyone else's", async () => {
    const a = await linkedUser();
    const b = await linkedUser();
    const before = { names: await names(b.token), version: await bankVersion(b.token) };
    await createBankRow(a, 'Only For A');
    await expect.poll(() => names(a.token), { timeout: 10_000 }).toContain('Only For A');
    expect(await names(b.token)).toEqual(before.names);
    expect(await bankVersion(b.token)).toBe(before.version);
    // An item nobody here has is acknowledged and ignored.
    const stranger = syncBody('item-nobody-has');
    expect(await post(stranger, await keys.sign(stranger))).toMatchObject({
      status: 200,
      body: { outcome: 'unknown item' },
    });
  });

  it('then ITEM ERROR ITEM_LOGIN_REQUIRED shows the reconnect state, and LOGIN_REPAIRED clears it', async () => {
    const u = await linkedUser();
    const reconnect = async () =>
      (
        await s.req<{ needsReconnect: boolean }[]>('GET', '/api/plaid/accounts', undefined, u.token)
      ).body.some((a) => a.needsReconnect);
    expect(await reconnect()).toBe(false);
    const error = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'ERROR',
      item_id: u.itemId,
      error: { error_code: 'ITEM_LOGIN_REQUIRED', error_type: 'ITEM_ERROR' },
      environment: 'sandbox',
    });
    expect(await post(error, await keys.sign(error))).toMatchObject({
      status: 200,
      body: { outcome: 'reconnect' },
    });
    expect(await reconnect()).toBe(true);
    const repaired = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'LOGIN_REPAIRED',
      item_id: u.itemId,
      environment: 'sandbox',
    });
    expect(await post(repaired, await keys.sign(repaired))).toMatchObject({
      status: 200,
      body: { outcome: 'repaired' },
    });
    expect(await reconnect()).toBe(false);
    for (const code of ['PENDING_EXPIRATION', 'USER_PERMISSION_REVOKED']) {
      const w = JSON.stringify({
        webhook_type: 'ITEM',
        webhook_code: code,
        item_id: u.itemId,
        environment: 'sandbox',
      });
      expect(await post(w, await keys.sign(w))).toMatchObject({
        status: 200,
        body: { outcome: 'reconnect' },
      });
      expect(await reconnect()).toBe(true);
      await post(repaired, await keys.sign(repaired));
    }
  });

  it('then a body that is too large or not JSON is refused', async () => {
    expect((await post('x'.repeat(20_000), await keys.sign('x'.repeat(20_000)))).status).toBe(413);
    expect((await post('{not json', await keys.sign('{not json'))).status).toBe(400);
  });
});

const openStream = (token: string) => openEventStream(s.url, token);

describe('open pages hear of changes at once', () => {
  it('then a signed-in stream gets ready, then bank when a webhook sync brings rows', async () => {
    const u = await linkedUser();
    const stream = await openStream(u.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => stream.events).toContain('ready');
    await createBankRow(u, 'Streamed Cafe');
    await expect.poll(() => stream.events, { timeout: 10_000 }).toContain('bank');
    stream.close();
  });

  it('then a manual expense tells the stream bank and progress', async () => {
    const u = await linkedUser();
    const stream = await openStream(u.token);
    await expect.poll(() => stream.events).toContain('ready');
    const added = await s.req(
      'POST',
      '/api/transactions/manual',
      { name: 'Lunch', amount: 12, category: 'Want', date: today() },
      u.token,
    );
    expect(added.status).toBeLessThan(300);
    await expect.poll(() => stream.events).toEqual(expect.arrayContaining(['bank', 'progress']));
    stream.close();
  });

  it("then a tab's own change is not told back to it, while its other tabs hear of it", async () => {
    const token = await s.register();
    const self = await openEventStream(s.url, token, 'tab-one-1234');
    const other = await openEventStream(s.url, token, 'tab-two-5678');
    await expect.poll(() => [self.events, other.events]).toEqual([['ready'], ['ready']]);
    const added = await fetch(`${s.url}/api/transactions/manual`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-client-id': 'tab-one-1234',
      },
      body: JSON.stringify({ name: 'Own tab', amount: 3, category: 'Want', date: today() }),
    });
    expect(added.status).toBe(201);
    await expect.poll(() => other.events).toContain('bank');
    expect(self.events).toEqual(['ready']);
    self.close();
    other.close();
  });

  it('then no token, a token in the URL or a stale token gets 401', async () => {
    const token = await s.register();
    expect((await fetch(`${s.url}/api/events`)).status).toBe(401);
    expect((await fetch(`${s.url}/api/events?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect(
      (await fetch(`${s.url}/api/events`, { headers: { authorization: 'Bearer nonsense' } })).status,
    ).toBe(401);
  });

  it('then one user may keep at most 8 streams open', async () => {
    const token = await s.register();
    const open = [];
    for (let i = 0; i < 8; i++) open.push(await openStream(token));
    expect(open.every((o) => o.res.status === 200)).toBe(true);
    const ninth = await openStream(token);
    expect(ninth.res.status).toBe(429);
    open.forEach((o) => o.close());
    await expect
      .poll(async () => {
        const again = await openStream(token);
        again.close();
        return again.res.status;
      })
      .toBe(200);
  });

  it('then a password reset ends the old session at once and tells its open stream', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const token = await s.register(email);
    const stream = await openStream(token);
    await expect.poll(() => stream.events).toContain('ready');
    // A request that puts the user in this instance's memory first.
    expect((await s.req('GET', '/api/plaid/transactions', undefined, token)).status).toBe(200);
    expect((await s.req('POST', '/api/auth/forgot-password', { email })).status).toBeLessThan(300);
    const mail = s.mailer.sent.at(-1)!;
    const resetToken = decodeURIComponent(/token=([^\s"&<]+)/.exec(mail.text)![1]);
    const reset = await s.req('POST', '/api/auth/reset-password', {
      token: resetToken,
      password: 'another-secret-9',
    });
    expect(reset.status).toBeLessThan(300);
    expect((await s.req('GET', '/api/plaid/transactions', undefined, token)).status).toBe(401);
    await expect.poll(() => stream.events).toContain('session');
    await expect.poll(() => stream.ended()).toBe(true);
  });
});
