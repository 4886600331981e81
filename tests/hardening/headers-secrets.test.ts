// Part 8 of the hardening suite: security headers, and secrets that never leave the server. A user
// goes through everything (register, sign in, link and sync a bank, label, add an expense, save
// progress, reset the password, disconnect, delete the account) while every answer and every log
// line is recorded; none may hold the token secret, the encryption key, the sandbox's keys, a bank
// access token, a password, its hash or a reset token. The built client must hold none of the
// server's secrets or server-only code either.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../server/lib/logger';
import { decryptSecret } from '../../server/lib/crypto';
import { inlineScriptHashes } from '../../server/lib/inline-script-hashes';
import type { TestServer } from '../support/server';
import { fullMember, startApp } from '../support/hardening/app';

// The built app whose page headers are checked: `dist` by default; CI builds a copy of its own
// (HARDENING_STATIC_DIR) because this suite runs there while `npm test` rebuilds `dist`.
const DIST = path.resolve(process.env.HARDENING_STATIC_DIR ?? 'dist');

/** The CSP's directives by name. */
function csp(header: string | null): Map<string, string[]> {
  expect(header, 'a Content-Security-Policy header').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('headers', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startApp({ env: existsSync(path.join(DIST, 'index.html')) ? { STATIC_DIR: DIST } : {} });
  });
  afterAll(async () => s?.close());

  it("when the page or the sandbox's Link is served, then scripts come only from 'self' and the page's own inline script, framing is denied and types are not sniffed", async () => {
    const page = path.join(DIST, 'index.html');
    const inlineScripts = existsSync(page) ? inlineScriptHashes(readFileSync(page, 'utf8')) : [];
    if (existsSync(page)) expect(inlineScripts).toHaveLength(1);
    for (const p of ['/', '/plaid-sandbox/item/get', '/not-an-api-path']) {
      const res = await fetch(s.url + p, p.startsWith('/plaid') ? { method: 'POST' } : {});
      const policy = csp(res.headers.get('content-security-policy'));
      const scripts = policy.get('script-src') ?? policy.get('default-src');
      // 'self', and index.html's one inline script (the preload script) by its hash: no other.
      expect(scripts, p).toEqual(["'self'", ...inlineScripts]);
      expect(policy.get('default-src'), p).toEqual(["'self'"]);
      expect(policy.get('object-src'), p).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors'), p).toEqual(["'none'"]);
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('x-powered-by'), p).toBeNull();
    }
  });

  it('when an API answer, an error or a 404 is served, then its policy allows nothing, framing is denied and types are not sniffed', async () => {
    for (const p of ['/api/health', '/api/auth/me', '/api/nope', '/API/health', '/api']) {
      const res = await fetch(s.url + p);
      // No document header set on JSON: the policy is the strictest there is, and short.
      expect(res.headers.get('content-security-policy'), p).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options'), p).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), p).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), p).toBe('same-origin');
      expect(res.headers.get('referrer-policy'), p).toBe('no-referrer');
      expect(res.headers.get('x-powered-by'), p).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy'), p).toBeNull();
    }
  });

  it('when the server runs in production, then HSTS asks for at least a year on every subdomain', async () => {
    const prod = await startApp({
      env: {
        NODE_ENV: 'production',
        SIMULATED_BANKING: 'true',
        MAIL_OUTBOX: 'true',
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      },
    });
    try {
      const hsts = (await fetch(prod.url + '/api/health')).headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toMatch(/includeSubDomains/);
    } finally {
      await prod.close();
    }
  });
});

describe('secrets', () => {
  const logged: string[] = [];
  const record =
    (level: string) =>
    (msg: string, meta?: Record<string, unknown>): void =>
      void logged.push(JSON.stringify({ level, msg, ...meta }));
  const logger: Logger = { info: record('info'), warn: record('warn'), error: record('error') };
  afterEach(() => vi.restoreAllMocks());

  it('when a user does everything the API offers, then no answer and no log line holds a secret, an access token, a password, its hash or a reset token', async () => {
    for (const level of ['log', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, level).mockImplementation(
        (...args: unknown[]) => void logged.push(args.map(String).join(' ')),
      );
    // With SMTP, as in production. Without it DECISIONS.md has the reset link logged on purpose
    // (the offline outbox flow), so the reset token is checked against the logs of an SMTP setup.
    const s = await startApp({ deps: { logger }, config: { smtpUrl: 'smtp://mail.test:587' } });
    const answers: string[] = [];
    const req = async (method: string, p: string, body?: unknown, token?: string) => {
      const res = await s.req(method, p, body, token);
      answers.push(JSON.stringify(res.body), JSON.stringify([...res.headers]));
      return res;
    };
    try {
      const password = `Pw-${randomBytes(8).toString('hex')}`;
      const newPassword = `Np-${randomBytes(8).toString('hex')}`;
      const email = `secret-${randomBytes(4).toString('hex')}@example.com`;
      await req('POST', '/api/auth/register', { email, password });
      await req('POST', '/api/auth/login', { email, password: 'wrong-password' });
      const login = await req('POST', '/api/auth/login', { email, password });
      const token = (login.body as { token: string }).token;
      const member = await fullMember(s);
      for (const [m, p] of [
        ['GET', '/api/auth/me'],
        ['GET', '/api/plaid/transactions'],
        ['GET', '/api/plaid/accounts'],
        ['GET', '/api/plaid/fetch-transactions'],
        ['GET', '/api/transactions/manual'],
        ['GET', '/api/progress'],
        ['POST', '/api/plaid/create_link_token'],
      ] as const)
        await req(m, p, m === 'POST' ? {} : undefined, member.token);
      await req('POST', '/api/plaid/item-reconnected', { itemId: member.itemId }, member.token);
      await req('GET', '/api/auth/me', undefined, token);
      await req('POST', '/api/auth/forgot-password', { email });
      const link = s.mailer.sent.at(-1)?.text ?? '';
      const resetToken = /token=([A-Za-z0-9_-]+)/.exec(link)?.[1] ?? '';
      expect(resetToken.length).toBeGreaterThan(20);
      await req('POST', '/api/auth/reset-password/check', { token: resetToken });
      await req('POST', '/api/auth/reset-password', { token: resetToken, password: newPassword });
      await req('POST', '/api/auth/reset-password', { token: resetToken, password: newPassword });

      const items = (await s.db('plaid_items').select('access_token_enc')) as { access_token_enc: string }[];
      const accessTokens = items.map((i) => decryptSecret(s.config.encryptionKey, i.access_token_enc));
      const hashes = (await s.db('users').pluck('password_hash')) as string[];
      const sandbox = s.config.plaid.sandbox!;
      const secrets: Record<string, string[]> = {
        'the token secret': [s.config.jwtSecret],
        'the encryption key': [
          s.config.encryptionKey.toString('hex'),
          s.config.encryptionKey.toString('base64'),
        ],
        "the sandbox's keys": [sandbox.clientId, sandbox.secret],
        'a bank access token': accessTokens,
        'a stored access token': items.map((i) => i.access_token_enc),
        'a password': [password, newPassword, 'secret123'],
        'a password hash': hashes,
        'a reset token': [resetToken],
      };
      expect(accessTokens.length).toBeGreaterThan(0);
      expect(hashes.length).toBeGreaterThan(1);
      await req('POST', '/api/plaid/disconnect', {}, member.token);
      await req('DELETE', '/api/auth/account', undefined, member.token);

      expect(answers.length).toBeGreaterThan(30);
      for (const [what, values] of Object.entries(secrets))
        for (const v of values) {
          expect(v.length, what).toBeGreaterThan(7);
          expect(
            answers.find((a) => a.includes(v)),
            `${what} in an answer`,
          ).toBeUndefined();
          expect(
            logged.find((l) => l.includes(v)),
            `${what} in a log line`,
          ).toBeUndefined();
        }
    } finally {
      await s.close();
    }
  });

  it('when the client is built, then no file of it holds a server secret name, a key or server-only code', () => {
    expect(existsSync(path.join(DIST, 'index.html')), 'run `npm run build` first').toBe(true);
    const files = readdirSync(DIST, { recursive: true, withFileTypes: true })
      .filter((f) => f.isFile() && /\.(js|html|css|json|webmanifest)$/.test(f.name))
      .map((f) => path.join(f.parentPath, f.name));
    expect(files.length).toBeGreaterThan(5);
    const dataSecrets = ['jwt-secret', 'encryption-key', 'plaid-sandbox-secret', 'plaid-sandbox-client-id']
      .map((f) => path.resolve('data', f))
      .filter(existsSync)
      .map((f) => readFileSync(f, 'utf8').trim());
    const forbidden = [
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'PLAID_SECRET',
      'PLAID_SANDBOX_SECRET',
      'DATABASE_URL',
      'SMTP_URL',
      'password_hash',
      'argon2',
      'BEGIN PRIVATE KEY',
      ...dataSecrets,
    ];
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const word of forbidden)
        expect(text.includes(word), `${word} in ${path.relative(DIST, f)}`).toBe(false);
    }
  });
});
