import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../server/app';
import { createTestServer } from '../support/server';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

describe('auth rate limits', () => {
  it('when an IP exceeds the limit on each auth route, then 429 with the error, per route', async () => {
    const s = await createTestServer({ config: { authRateLimit: 2 } });
    try {
      const calls: [string, object][] = [
        ['/api/auth/login', { email: 'a@example.com', password: 'wrong-password' }],
        ['/api/auth/register', { email: 'bad', password: 'secret1' }],
        ['/api/auth/forgot-password', { email: 'nobody@example.com' }],
        ['/api/auth/reset-password', { token: 'nope', password: 'secret1' }],
      ];
      for (const [path, body] of calls) {
        expect((await s.req('POST', path, body)).status).not.toBe(429);
        expect((await s.req('POST', path, body)).status).not.toBe(429);
        const limited = await s.req('POST', path, body);
        expect(limited).toMatchObject({ status: 429, body: { error: TOO_MANY } });
      }
      // Bad input counts but writes nothing, and limited requests never reach the handler.
      expect(await s.countRows('users')).toBe(0);
    } finally {
      await s.close();
    }
  });

  it('when an IP checks and uses reset links, then both share the reset budget', async () => {
    const s = await createTestServer({ config: { authRateLimit: 2 } });
    try {
      const check = () => s.req('POST', '/api/auth/reset-password/check', { token: 'nope' });
      expect(await check()).toMatchObject({ status: 200, body: { valid: false } });
      expect(
        (await s.req('POST', '/api/auth/reset-password', { token: 'nope', password: 'secret1' })).status,
      ).toBe(400);
      expect(await check()).toMatchObject({ status: 429, body: { error: TOO_MANY } });
    } finally {
      await s.close();
    }
  });

  it('when the window passes on the clock, then the IP may try again', async () => {
    const s = await createTestServer({ config: { authRateLimit: 1, authRateWindowMs: 60_000 } });
    try {
      const body = { email: 'a@example.com', password: 'wrong-password' };
      expect((await s.req('POST', '/api/auth/login', body)).status).toBe(401);
      expect((await s.req('POST', '/api/auth/login', body)).status).toBe(429);
      s.clock.advance(60_001);
      expect((await s.req('POST', '/api/auth/login', body)).status).toBe(401);
    } finally {
      await s.close();
    }
  });

  it('when two server instances share the database, then they share the counters', async () => {
    const s = await createTestServer({ config: { authRateLimit: 2 } });
    const second = createApp(s.deps).listen(0, '127.0.0.1');
    try {
      await new Promise<void>((resolve) => second.once('listening', resolve));
      const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
      const body = JSON.stringify({ email: 'a@example.com', password: 'wrong-password' });
      const post = (base: string) =>
        fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
      expect((await post(s.url)).status).toBe(401);
      expect((await post(secondUrl)).status).toBe(401);
      const limited = await post(s.url);
      expect(limited.status).toBe(429);
      expect((await post(secondUrl)).status).toBe(429);
    } finally {
      await new Promise((resolve) => second.close(resolve));
      await s.close();
    }
  });

  it('when one address asks for more than 5 reset e-mails an hour, then the usual 200 and no more mail', async () => {
    const s = await createTestServer();
    try {
      await s.register('inbox@example.com');
      for (let i = 0; i < 5; i++)
        expect(
          (await s.req('POST', '/api/auth/forgot-password', { email: 'inbox@example.com' })).status,
        ).toBe(200);
      const capped = await s.req('POST', '/api/auth/forgot-password', { email: ' INBOX@example.com' });
      // Nobody can tell the cap was reached, and nobody can lock the owner out with a 429.
      expect(capped).toMatchObject({
        status: 200,
        body: { message: 'If an account exists for that email, a password reset link has been sent.' },
      });
      await new Promise((r) => setTimeout(r, 20));
      expect(s.mailer.sent).toHaveLength(5);
      // Another address from the same IP is not affected.
      expect((await s.req('POST', '/api/auth/forgot-password', { email: 'other@example.com' })).status).toBe(
        200,
      );
      // The counters never store the address itself.
      expect(JSON.stringify(await s.db('rate_limits').select('*'))).not.toContain('inbox@example.com');
      s.clock.advance(60 * 60 * 1000 + 1);
      expect((await s.req('POST', '/api/auth/forgot-password', { email: 'inbox@example.com' })).status).toBe(
        200,
      );
      expect(s.mailer.sent).toHaveLength(6);
    } finally {
      await s.close();
    }
  });
});
