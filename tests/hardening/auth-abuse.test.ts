// Part 3 of the hardening suite: an attacker against sign-in and password reset, with the
// production defaults for the limits (loadConfig's, not the API tests' generous ones) and the
// addresses a proxy reports (TRUST_PROXY=loopback, X-Forwarded-For).
import { createHash, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { TestServer } from '../support/server';
import { startApp } from '../support/hardening/app';

const defaults = loadConfig({
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(48),
  ENCRYPTION_KEY: '0'.repeat(64),
  SIMULATED_BANKING: 'true',
  MAIL_OUTBOX: 'true',
});
let s: TestServer;
beforeEach(async () => {
  s = await startApp({
    // The real time, as in production: the limiter's Retry-After is counted from it.
    now: new Date(),
    config: {
      authRateLimit: defaults.authRateLimit,
      loginLockout: defaults.loginLockout,
      trustProxy: 'loopback',
    },
  });
});
afterEach(async () => s?.close());

async function post(path: string, body: unknown, ip: string, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(s.url + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}
const me = async (token: string) => (await s.req('GET', '/api/auth/me', undefined, token)).status;

describe('auth abuse', () => {
  it('when one address guesses passwords over and over, then it is limited to the window budget, even for the right password', async () => {
    const email = 'owner@example.com';
    await s.register(email, 'the-right-one');
    const statuses: number[] = [];
    for (let i = 0; i < 3 * defaults.authRateLimit; i++)
      statuses.push(
        (
          await post(
            '/api/auth/login',
            { email: `x${i}@example.com`, password: `guess-${i}` },
            '198.51.100.1',
          )
        ).status,
      );
    expect(statuses.filter((x) => x === 401).length).toBeLessThanOrEqual(defaults.authRateLimit);
    expect(statuses.slice(-defaults.authRateLimit).every((x) => x === 429)).toBe(true);
    const right = await post('/api/auth/login', { email, password: 'the-right-one' }, '198.51.100.1');
    expect(right.status).toBe(429);
    expect(typeof right.body.error).toBe('string');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not punished for it.
    expect((await post('/api/auth/login', { email, password: 'the-right-one' }, '198.51.100.2')).status).toBe(
      200,
    );
  });

  it('when many addresses guess one account, then each is cut at the lockout threshold and the owner is never locked out', async () => {
    const email = 'target@example.com';
    await s.register(email, 'the-right-one');
    const { threshold } = defaults.loginLockout;
    // Ten addresses, each once (the outside probe of issue 23): nobody is locked.
    for (let i = 0; i < 10; i++)
      expect(
        (await post('/api/auth/login', { email, password: `guess-${i}` }, `203.0.113.${i + 1}`)).status,
      ).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'the-right-one' }, '192.0.2.200')).status).toBe(
      200,
    );
    // One address that keeps guessing gets only the threshold of checked guesses, then 429s.
    const statuses: number[] = [];
    for (let i = 0; i < threshold + 10; i++)
      statuses.push(
        (await post('/api/auth/login', { email, password: `again-${i}` }, '203.0.113.99')).status,
      );
    expect(statuses.filter((x) => x === 401)).toHaveLength(threshold);
    expect(statuses.slice(threshold).every((x) => x === 429)).toBe(true);
    // The owner's own address still signs in, and a completed reset clears the guesser's lock too.
    expect((await post('/api/auth/login', { email, password: 'the-right-one' }, '192.0.2.200')).status).toBe(
      200,
    );
    await post('/api/auth/forgot-password', { email }, '192.0.2.200');
    await new Promise((r) => setTimeout(r, 30));
    const token = /token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text ?? '')![1]!;
    expect(
      (await post('/api/auth/reset-password', { token, password: 'new-password' }, '192.0.2.200')).status,
    ).toBe(200);
    expect(await s.countRows('login_failures')).toBe(0);
  });

  it('when forgot-password is asked for a known and an unknown address, then the answers are the same and only the known one gets mail', async () => {
    await s.register('known@example.com', 'secret123');
    const known = await post('/api/auth/forgot-password', { email: 'known@example.com' }, '198.51.100.3');
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' }, '198.51.100.4');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const names = (h: Headers) => [...h.keys()].filter((k) => k !== 'date' && k !== 'ratelimit').sort();
    expect(names(unknown.headers)).toEqual(names(known.headers));
    expect(s.mailer.sent.map((m) => m.to)).toEqual(['known@example.com']);
    expect(await s.countRows('password_resets')).toBe(1);
  });

  it('when a reset token is used, then it is stored only hashed, works once, ends older sessions and the other links; an hour later a new one has expired', async () => {
    const email = 'reset@example.com';
    const before = await s.register(email, 'first-password');
    const links: string[] = [];
    for (let i = 0; i < 2; i++) {
      await post('/api/auth/forgot-password', { email }, '198.51.100.5');
      links.push(/token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text ?? '')![1]!);
    }
    const rows = JSON.stringify(await s.dumpAllRows());
    for (const token of links) {
      expect(rows).not.toContain(token);
      expect(rows).toContain(createHash('sha256').update(token).digest('hex'));
    }
    expect(await me(before)).toBe(200);
    const used = await post(
      '/api/auth/reset-password',
      { token: links[0], password: 'second-password' },
      '198.51.100.5',
    );
    expect(used.status).toBe(200);
    expect(await me(before)).toBe(401);
    for (const token of links) {
      const again = await post(
        '/api/auth/reset-password',
        { token, password: 'third-password' },
        '198.51.100.5',
      );
      expect(again.status).toBe(400);
      expect(typeof again.body.error).toBe('string');
    }
    expect(
      (await post('/api/auth/login', { email, password: 'second-password' }, '198.51.100.6')).status,
    ).toBe(200);

    await post('/api/auth/forgot-password', { email }, '198.51.100.7');
    const late = /token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text ?? '')![1]!;
    s.clock.advance(61 * 60_000);
    expect(
      (await post('/api/auth/reset-password', { token: late, password: 'fourth-password' }, '198.51.100.7'))
        .status,
    ).toBe(400);
    expect(
      (await post('/api/auth/login', { email, password: 'second-password' }, '198.51.100.8')).status,
    ).toBe(200);
    // A guessed token of the right shape is refused the same way.
    const guess = randomBytes(32).toString('base64url');
    expect(
      (await post('/api/auth/reset-password', { token: guess, password: 'fifth-password' }, '198.51.100.9'))
        .status,
    ).toBe(400);
  });
});
