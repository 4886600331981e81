import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMailer } from '../../server/lib/mailer';
import type { Logger } from '../../server/lib/logger';
import { createTestServer, type TestServer } from '../support/server';

const FORGOT = '/api/auth/forgot-password';
const RESET = '/api/auth/reset-password';
const SENT = 'If an account exists for that email, a password reset link has been sent.';
const RESET_DONE = 'Your password has been reset. You can now sign in.';
const LINK_INVALID = 'This password reset link is invalid or has expired. Please request a new one.';
const MINUTE = 60_000;

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

/** Asks for a reset link and returns the token from the e-mailed link. */
async function requestToken(email: string): Promise<string> {
  const before = s.mailer.sent.length;
  const res = await s.req('POST', FORGOT, { email });
  expect(res).toMatchObject({ status: 200, body: { message: SENT } });
  expect(s.mailer.sent).toHaveLength(before + 1);
  const match = /#\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent[before].text);
  if (!match) throw new Error('no reset link in the e-mail');
  return match[1];
}

const login = (email: string, password: string) => s.req('POST', '/api/auth/login', { email, password });

describe('POST /api/auth/forgot-password', () => {
  it('when the account exists, then the e-mail holds a one-hour reset link to the app', async () => {
    await s.register('reset-me@example.com');
    const token = await requestToken('  Reset-Me@example.com ');
    const mail = s.mailer.sent.at(-1)!;
    const link = `http://app.test/#/reset-password?token=${token}`;
    expect(mail.to).toBe('reset-me@example.com');
    expect(mail.subject).toBe('Reset your Budget Quest password');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('when the address has no account, then the answer is identical and nothing is sent or stored', async () => {
    await s.register('known@example.com');
    const known = await s.req('POST', FORGOT, { email: 'known@example.com' });
    const [mails, rows] = [s.mailer.sent.length, await s.countRows('password_resets')];
    const unknown = await s.req('POST', FORGOT, { email: 'unknown@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(s.mailer.sent).toHaveLength(mails);
    expect(await s.countRows('password_resets')).toBe(rows);
  });

  it.each([
    ['the email is missing', {}, 'Please enter a valid email address'],
    ['the email is malformed', { email: 'nope' }, 'Please enter a valid email address'],
    [
      'the email is 255 characters',
      { email: 'a'.repeat(243) + '@example.com' },
      'Email must be 254 characters or fewer',
    ],
    ['the email is a number', { email: 42 }, 'Email must be text'],
    [
      'an unknown field is sent',
      { email: 'a@example.com', redirect: 'http://evil.test' },
      'Unknown field: redirect',
    ],
  ])('when %s, then 400 with a clear error and no e-mail', async (_case, body, error) => {
    const mails = s.mailer.sent.length;
    expect(await s.req('POST', FORGOT, body)).toMatchObject({ status: 400, body: { error } });
    expect(s.mailer.sent).toHaveLength(mails);
  });
});

describe('POST /api/auth/reset-password', () => {
  it('when a valid token is used, then the new password works, the old one does not, and the link is spent', async () => {
    await s.register('flow@example.com', 'old-password');
    const token = await requestToken('flow@example.com');
    const res = await s.req('POST', RESET, { token, password: 'new-password' });
    expect(res).toMatchObject({ status: 200, body: { message: RESET_DONE } });
    expect((await login('flow@example.com', 'new-password')).status).toBe(200);
    expect((await login('flow@example.com', 'old-password')).status).toBe(401);

    const again = await s.req('POST', RESET, { token, password: 'third-password' });
    expect(again).toMatchObject({ status: 400, body: { error: LINK_INVALID } });
    expect((await login('flow@example.com', 'new-password')).status).toBe(200);
  });

  it('when the link is used after 61 minutes, then it has expired; at 59 minutes it still works', async () => {
    await s.register('late@example.com');
    const late = await requestToken('late@example.com');
    s.clock.advance(61 * MINUTE);
    expect(await s.req('POST', RESET, { token: late, password: 'new-password' })).toMatchObject({
      status: 400,
      body: { error: LINK_INVALID },
    });
    const onTime = await requestToken('late@example.com');
    s.clock.advance(59 * MINUTE);
    expect((await s.req('POST', RESET, { token: onTime, password: 'new-password' })).status).toBe(200);
  });

  it('when the password is reset, then every bearer token issued before stops working', async () => {
    const fromRegister = await s.register('sessions@example.com', 'old-password');
    const fromLogin = (await login('sessions@example.com', 'old-password')).body.token as string;
    const token = await requestToken('sessions@example.com');
    await s.req('POST', RESET, { token, password: 'new-password' });
    for (const old of [fromRegister, fromLogin]) {
      expect(await s.req('GET', '/api/auth/me', undefined, old)).toMatchObject({
        status: 401,
        body: { error: 'Your session has expired. Please sign in again.' },
      });
    }
    const fresh = (await login('sessions@example.com', 'new-password')).body.token as string;
    expect((await s.req('GET', '/api/auth/me', undefined, fresh)).status).toBe(200);
  });

  it('when one of several outstanding links is used, then the others stop working', async () => {
    await s.register('several@example.com');
    const first = await requestToken('several@example.com');
    const second = await requestToken('several@example.com');
    expect((await s.req('POST', RESET, { token: second, password: 'new-password' })).status).toBe(200);
    expect(await s.req('POST', RESET, { token: first, password: 'other-password' })).toMatchObject({
      status: 400,
      body: { error: LINK_INVALID },
    });
  });

  it('when a reset token is stored, then only its sha256 hash is kept, never the token', async () => {
    await s.register('stored@example.com');
    const token = await requestToken('stored@example.com');
    const row = await s.db('password_resets').orderBy('id', 'desc').first();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await s.dumpAllRows())).not.toContain(token);
  });

  it.each([
    ['the token is missing', { password: 'new-password' }, 'Invalid or missing reset token'],
    ['the token is empty', { token: '', password: 'new-password' }, 'Invalid or missing reset token'],
    ['the token is a number', { token: 12345, password: 'new-password' }, 'Invalid or missing reset token'],
    ['the token is unknown', { token: 'A'.repeat(43), password: 'new-password' }, LINK_INVALID],
    ['the password is missing', { token: 'A'.repeat(43) }, 'Password must be at least 6 characters long'],
    [
      'the password is too short',
      { token: 'A'.repeat(43), password: '12345' },
      'Password must be at least 6 characters long',
    ],
    [
      'the password is 1025 characters',
      { token: 'A'.repeat(43), password: 'p'.repeat(1025) },
      'Password must be 1024 characters or fewer',
    ],
    [
      'an unknown field is sent',
      { token: 'A'.repeat(43), password: 'new-password', email: 'x@example.com' },
      'Unknown field: email',
    ],
  ])('when %s, then 400 with a clear error', async (_case, body, error) => {
    expect(await s.req('POST', RESET, body)).toMatchObject({ status: 400, body: { error } });
  });

  it('when a valid link is sent with a bad password, then nothing changes and the link still works', async () => {
    await s.register('careful@example.com', 'old-password');
    const token = await requestToken('careful@example.com');
    const bad = await s.req('POST', RESET, { token, password: '123' });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'Password must be at least 6 characters long' },
    });
    expect((await login('careful@example.com', 'old-password')).status).toBe(200);
    expect((await s.req('POST', RESET, { token, password: 'new-password' })).status).toBe(200);
  });
});

describe('reset e-mail delivery and logs', () => {
  const recorder = () => {
    const lines: string[] = [];
    const log = (msg: string, meta?: Record<string, unknown>) =>
      void lines.push(JSON.stringify({ msg, meta }));
    const logger: Logger = { info: log, warn: log, error: log };
    return { lines, logger };
  };

  it('when no SMTP is configured, then the message lands in the outbox and its link is logged', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'bq-outbox-'));
    const { lines, logger } = recorder();
    const mailer = createMailer({ from: 'Budget Quest <no-reply@test>', outboxDir });
    const srv = await createTestServer({ deps: { mailer, logger } });
    try {
      await srv.register('outbox@example.com', 'first-password');
      await srv.req('POST', FORGOT, { email: 'outbox@example.com' });
      const files = await vi.waitFor(async () => {
        const f = await readdir(outboxDir);
        if (f.length === 0) throw new Error('outbox empty');
        return f;
      });
      // Quoted-printable may wrap long lines; unwrap before searching.
      const eml = (await readFile(path.join(outboxDir, files[0]), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const token = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(eml)?.[1];
      expect(token).toBeDefined();
      await vi.waitFor(() =>
        expect(lines.join('\n')).toContain(`http://app.test/#/reset-password?token=${token}`),
      );
      expect((await srv.req('POST', RESET, { token, password: 'second-password' })).status).toBe(200);
      expect(lines.join('\n')).not.toMatch(/first-password|second-password/);
    } finally {
      await srv.close();
      await rm(outboxDir, { recursive: true, force: true });
    }
  });

  it('when SMTP is configured, then neither the reset link nor any password or bearer token is logged', async () => {
    const { lines, logger } = recorder();
    const srv = await createTestServer({ config: { smtpUrl: 'smtp://mail.test:587' }, deps: { logger } });
    try {
      const bearer = await srv.register('smtp@example.com', 'first-password');
      await srv.req('POST', FORGOT, { email: 'smtp@example.com' });
      const token = /token=([A-Za-z0-9_-]+)/.exec(srv.mailer.sent[0].text)![1];
      await srv.req('POST', RESET, { token, password: 'second-password' });
      await srv.req('GET', '/api/auth/me', undefined, bearer);
      const all = lines.join('\n');
      for (const secret of [token, bearer, 'first-password', 'second-password'])
        expect(all).not.toContain(secret);
    } finally {
      await srv.close();
    }
  });
});

describe('POST /api/auth/reset-password/check', () => {
  const CHECK = '/api/auth/reset-password/check';

  it('when a link is fresh, then it is valid and checking it does not spend it; once used it is not', async () => {
    await s.register('check@example.com', 'old-password');
    const token = await requestToken('check@example.com');
    expect(await s.req('POST', CHECK, { token })).toMatchObject({ status: 200, body: { valid: true } });
    expect(await s.req('POST', CHECK, { token })).toMatchObject({ status: 200, body: { valid: true } });

    expect((await s.req('POST', RESET, { token, password: 'new-password' })).status).toBe(200);
    expect(await s.req('POST', CHECK, { token })).toMatchObject({ status: 200, body: { valid: false } });
  });

  it('when a link has expired or was never issued, then it is not valid', async () => {
    await s.register('check-late@example.com');
    const token = await requestToken('check-late@example.com');
    s.clock.advance(61 * MINUTE);
    expect(await s.req('POST', CHECK, { token })).toMatchObject({ status: 200, body: { valid: false } });
    expect(await s.req('POST', CHECK, { token: 'x'.repeat(43) })).toMatchObject({
      status: 200,
      body: { valid: false },
    });
  });

  it('when the token is missing, not text, too long or comes with other fields, then 400 with an error', async () => {
    for (const body of [{}, { token: 5 }, { token: 'x'.repeat(257) }, { token: 'x', password: 'secret1' }]) {
      const res = await s.req('POST', CHECK, body);
      expect(res.status).toBe(400);
      expect(typeof (res.body as { error?: unknown }).error).toBe('string');
    }
  });
});
