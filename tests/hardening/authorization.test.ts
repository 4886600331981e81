// Part 1 of the hardening suite: the authorization matrix. Every endpoint comes from the router
// itself (support/endpoints.ts), so a route added tomorrow is in the matrix the moment it exists:
// it must either be on the public list below or be guarded, and a guarded one needs a case that
// calls it with another user's ids. Each is called with every kind of bad token (401, nothing
// changed) and, signed in as someone else, with the victim's ids (404 where an id is named;
// never the victim's data in the answer; the victim's rows identical afterwards).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createApp } from '../../server/app';
import type { TestServer } from '../support/server';
import { fillPath, listEndpoints, type Endpoint } from '../support/hardening/endpoints';
import { fullMember, rowsOf, startApp, type Member } from '../support/hardening/app';
import { tokenUserId } from '../support/accounts';
import { openEventStream } from '../support/event-stream';

/** API routes anyone may call; every other /api route must be behind the sign-in guard. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/reset-password/check',
  // Plaid proves itself with the signed Plaid-Verification header instead (issue 27).
  'POST /api/plaid/webhook',
]);

/** Routes that answer a stream that stays open (issue 27): called and closed once the answer starts. */
const STREAMS = new Set(['GET /api/events']);

interface ForeignCall {
  body?: unknown;
  params?: Record<string, string>;
  /** The status an attacker must get. */
  status: number;
}

/**
 * How each guarded route is called by another signed-in user aiming at the victim. Routes with
 * no id in them act on the caller's own data only: the victim must come out unchanged.
 */
/** A statement of the caller's own (issue 29). */
const STATEMENT = 'Date,Description,Amount\n2025-02-21,Own import,-2.00';

const FOREIGN: Record<string, (v: Member) => ForeignCall> = {
  'GET /api/auth/me': () => ({ status: 200 }),
  'DELETE /api/auth/account': () => ({ status: 200 }),
  'POST /api/plaid/create_link_token': (v) => ({ body: { itemId: v.itemId }, status: 404 }),
  'POST /api/plaid/exchange-token': () => ({
    body: { public_token: 'public-sandbox-not-yours' },
    status: 400,
  }),
  'POST /api/plaid/item-reconnected': (v) => ({ body: { itemId: v.itemId }, status: 404 }),
  'GET /api/plaid/fetch-transactions': () => ({ status: 200 }),
  'GET /api/plaid/transactions': () => ({ status: 200 }),
  'GET /api/plaid/accounts': () => ({ status: 200 }),
  'POST /api/plaid/reset-transactions': () => ({ body: {}, status: 200 }),
  'POST /api/plaid/update-transaction-categories': (v) => ({
    body: { categories: v.plaidIds.slice(0, 3).map((plaidId) => ({ plaidId, budget_category: 'Savings' })) },
    status: 404,
  }),
  'POST /api/plaid/disconnect': () => ({ body: {}, status: 200 }),
  'POST /api/transactions/manual': () => ({ body: { amount: 3, category: 'Want' }, status: 201 }),
  'GET /api/transactions/manual': () => ({ status: 200 }),
  'DELETE /api/transactions/manual/:id': (v) => ({ params: { id: String(v.manualId) }, status: 404 }),
  'GET /api/progress': () => ({ status: 200 }),
  'GET /api/events': () => ({ status: 200 }),
  'GET /api/statement-imports': () => ({ status: 200 }),
  'POST /api/statement-imports/preview': () => ({
    body: { fileName: 'a.csv', content: STATEMENT },
    status: 200,
  }),
  'POST /api/statement-imports': () => ({ body: { fileName: 'a.csv', content: STATEMENT }, status: 201 }),
  'DELETE /api/statement-imports/:id': (v) => ({ params: { id: String(v.importId) }, status: 404 }),
  'GET /api/export/transactions.csv': () => ({ status: 200 }),
  'GET /api/export/account.json': () => ({ status: 200 }),
  'POST /api/progress/events': (v) => ({
    body: {
      events: [{ id: v.eventId, at: Date.parse('2025-03-01T12:00:00Z'), type: 'award', kind: 'login' }],
    },
    status: 200,
  }),
  'GET /api/learn': () => ({ status: 200 }),
  // Opens a round of the caller's own; the victim's round stays open and untouched.
  'POST /api/learn/attempts': () => ({ body: { kind: 'check', stage: 'before' }, status: 200 }),
  'POST /api/learn/answers': (v) => ({
    body: { attemptId: v.learnAttemptId, question: 0, choice: 0 },
    status: 409,
  }),
  'GET /api/bills': () => ({ status: 200 }),
  'POST /api/bills/reviews': (v) => ({ body: { streamId: v.streamId, decision: 'cancel' }, status: 404 }),
};

const key = (e: Endpoint) => `${e.method} ${e.path}`;
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

let s: TestServer;
let endpoints: Endpoint[];
let victim: Member;
let badTokens: Record<string, string | undefined>;

beforeAll(async () => {
  s = await startApp();
  endpoints = (await listEndpoints(createApp(s.deps))).filter((e) => e.area === 'api');
  victim = await fullMember(s);
  const secret = new TextEncoder().encode(s.config.jwtSecret);
  const now = Math.floor(s.clock.now().getTime() / 1000);
  const claims = { tv: 0 };
  const sub = String(victim.userId);
  // A user who signed in, then deleted the account: the token is still well signed and unexpired.
  const deleted = await s.register();
  expect((await s.req('DELETE', '/api/auth/account', undefined, deleted)).status).toBe(200);
  // Someone's own valid token with the victim's id put in its body, signature kept.
  const own = (await s.register()).split('.');
  const payload = JSON.parse(Buffer.from(own[1]!, 'base64url').toString()) as Record<string, unknown>;
  badTokens = {
    'no token': undefined,
    'not a JWT': 'not-a-token',
    expired: await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 60)
      .sign(secret),
    tampered: [own[0], b64({ ...payload, sub }), own[2]].join('.'),
    'alg none': [b64({ alg: 'none', typ: 'JWT' }), b64({ sub, tv: 0, iat: now, exp: now + 3600 }), ''].join(
      '.',
    ),
    'another key': await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode('x'.repeat(64))),
    "a deleted user's": deleted,
  };
});
afterAll(async () => s?.close());

describe('authorization matrix', () => {
  it('when a route is added, then it is either public by name or behind the sign-in guard, with a case here', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(22);
    const unguarded = endpoints.filter((e) => !e.protected).map(key);
    expect(unguarded.sort()).toEqual([...PUBLIC].sort());
    const guarded = endpoints.filter((e) => e.protected).map(key);
    expect(guarded.filter((k) => !FOREIGN[k])).toEqual([]);
    expect(Object.keys(FOREIGN).filter((k) => !guarded.includes(k))).toEqual([]);
  });

  it('when any guarded route is called without a valid token (none, garbage, expired, tampered, alg none, another key, a deleted user), then 401 and nothing changes', async () => {
    const before = await s.dumpAllRows();
    let calls = 0;
    for (const e of endpoints.filter((x) => x.protected)) {
      const call = FOREIGN[key(e)]!(victim);
      for (const [kind, token] of Object.entries(badTokens)) {
        const res = await s.req(e.method, fillPath(e.path, call.params ?? {}), call.body, token);
        expect.soft(res.status, `${key(e)} with ${kind} token`).toBe(401);
        expect.soft(typeof res.body.error, `${key(e)} with ${kind} token`).toBe('string');
        calls++;
      }
    }
    expect(calls).toBe(endpoints.filter((x) => x.protected).length * Object.keys(badTokens).length);
    expect(await s.dumpAllRows()).toEqual(before);
    expect(tokenUserId(victim.token)).toBe(victim.userId);
  });

  it("when another signed-in user calls every guarded route with the victim's ids, then 404 where an id is named, no data of the victim is answered, and the victim's rows stay as they were", async () => {
    const victimRows = await rowsOf(s, victim.userId);
    const secrets = [victim.itemId, ...victim.plaidIds.slice(0, 5), victim.manualName];
    for (const e of endpoints.filter((x) => x.protected)) {
      // A fresh attacker each time, with a bank of their own, so no call finds the caller empty-handed.
      const attacker = await fullMember(s);
      const call = FOREIGN[key(e)]!(victim);
      if (STREAMS.has(key(e))) {
        // The attacker's own stream: it opens, tells only 'ready', and changes nothing.
        const stream = await openEventStream(s.url, attacker.token);
        expect.soft(stream.res.status, key(e)).toBe(call.status);
        await expect.poll(() => stream.events).toEqual(['ready']);
        stream.close();
        expect
          .soft(await rowsOf(s, victim.userId), `${key(e)} changed the victim's rows`)
          .toEqual(victimRows);
        continue;
      }
      const res = await s.req(e.method, fillPath(e.path, call.params ?? {}), call.body, attacker.token);
      expect.soft(res.status, key(e)).toBe(call.status);
      if (res.status >= 400) expect.soft(typeof res.body.error, key(e)).toBe('string');
      const text = JSON.stringify(res.body);
      // What the caller sent may be named back (e.g. "not found" per id); nothing else of the victim's.
      const sent = JSON.stringify(call) + fillPath(e.path, call.params ?? {});
      for (const secret of secrets.filter((x) => !sent.includes(x)))
        expect.soft(text, `${key(e)} answered the victim's ${secret}`).not.toContain(secret);
      expect.soft(await rowsOf(s, victim.userId), `${key(e)} changed the victim's rows`).toEqual(victimRows);
    }
  });
});
