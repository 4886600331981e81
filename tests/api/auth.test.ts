import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createTestServer, type TestServer } from '../support/server';

const REGISTER = '/api/auth/register';
const LOGIN = '/api/auth/login';
const ME = '/api/auth/me';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const me = (token?: string) =>
  s.req<{ id: number; email: string; createdAt: string; error?: string }>('GET', ME, undefined, token);

describe('POST /api/auth/register', () => {
  it('when a new address registers, then it gets 201 and a token that opens /me', async () => {
    const res = await s.req<{ token: string }>('POST', REGISTER, {
      email: 'new@example.com',
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['token']);
    const profile = await me(res.body.token);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      id: expect.any(Number),
      email: 'new@example.com',
      createdAt: s.clock.now().toISOString(),
    });
  });

  it('when the address has capitals and spaces, then it is stored trimmed and lower-cased', async () => {
    const token = await s.register('  Mixed.Case@Example.COM ');
    expect((await me(token)).body.email).toBe('mixed.case@example.com');
  });

  it('when an address is registered again in another case, then 409 and no second account', async () => {
    await s.register('taken@example.com');
    const before = await s.countRows('users');
    const res = await s.req('POST', REGISTER, { email: ' TAKEN@example.com', password: 'another1' });
    expect(res).toMatchObject({ status: 409, body: { error: 'An account with this email already exists' } });
    expect(await s.countRows('users')).toBe(before);
  });

  it('when the same address registers twice at once, then exactly one account is created', async () => {
    const body = { email: 'race@example.com', password: 'secret1' };
    const answers = await Promise.all([s.req('POST', REGISTER, body), s.req('POST', REGISTER, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await s.db('users').where({ email: 'race@example.com' }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('when the password is stored, then it is an argon2id hash at OWASP cost, never the password', async () => {
    await s.register('hash@example.com', 'my-secret-pw');
    const row = await s.db('users').where({ email: 'hash@example.com' }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(JSON.stringify(await s.dumpAllRows())).not.toContain('my-secret-pw');
  });

  it('when email and password are at their longest allowed length, then registration succeeds', async () => {
    const email = 'a'.repeat(254 - '@example.com'.length) + '@example.com';
    const res = await s.req('POST', REGISTER, { email, password: 'p'.repeat(1024) });
    expect(res.status).toBe(201);
    expect((await s.req('POST', LOGIN, { email, password: 'p'.repeat(1024) })).status).toBe(200);
  });

  it.each([
    ['nothing is sent', {}, 'All fields are required'],
    ['the email is empty', { email: '', password: 'secret1' }, 'All fields are required'],
    ['the email is only spaces', { email: '   ', password: 'secret1' }, 'All fields are required'],
    ['the password is missing', { email: 'a@example.com' }, 'All fields are required'],
    ['the password is empty', { email: 'a@example.com', password: '' }, 'All fields are required'],
    ['the email is null', { email: null, password: 'secret1' }, 'All fields are required'],
    [
      'the password is too short',
      { email: 'a@example.com', password: '12345' },
      'Password must be at least 6 characters long',
    ],
    [
      'the email has no @',
      { email: 'not-an-email', password: 'secret1' },
      'Please enter a valid email address',
    ],
    [
      'the email has no domain suffix',
      { email: 'a@b', password: 'secret1' },
      'Please enter a valid email address',
    ],
    [
      'the email has a space inside',
      { email: 'a b@example.com', password: 'secret1' },
      'Please enter a valid email address',
    ],
    [
      'the email is 255 characters',
      { email: 'a'.repeat(243) + '@example.com', password: 'secret1' },
      'Email must be 254 characters or fewer',
    ],
    [
      'the password is 1025 characters',
      { email: 'a@example.com', password: 'p'.repeat(1025) },
      'Password must be 1024 characters or fewer',
    ],
    ['the email is a number', { email: 123, password: 'secret1' }, 'Email must be text'],
    ['the password is a list', { email: 'a@example.com', password: ['secret1'] }, 'Password must be text'],
    [
      'an unknown field is sent',
      { email: 'a@example.com', password: 'secret1', isAdmin: true },
      'Unknown field: isAdmin',
    ],
    [
      'the body is a list',
      [{ email: 'a@example.com', password: 'secret1' }],
      'Request body must be a JSON object',
    ],
    [
      'the body is malformed JSON',
      '{"email": "a@example.com", "password": ',
      'Malformed JSON in request body',
    ],
  ])('when %s, then 400 with a clear error and nothing is written', async (_case, body, error) => {
    const before = await s.countRows('users');
    const res = await s.req('POST', REGISTER, body);
    expect(res).toMatchObject({ status: 400, body: { error } });
    expect(await s.countRows('users')).toBe(before);
  });

  it('when the body is not JSON at all, then 400 asks for the fields', async () => {
    const res = await fetch(s.url + REGISTER, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'All fields are required' });
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await s.register('login@example.com', 'right-password');
  });

  it('when the password is right, then 200 with a working token', async () => {
    const res = await s.req<{ token: string }>('POST', LOGIN, {
      email: 'login@example.com',
      password: 'right-password',
    });
    expect(res.status).toBe(200);
    expect((await me(res.body.token)).body.email).toBe('login@example.com');
  });

  it('when the email differs only in case and spaces, then login still succeeds', async () => {
    const res = await s.req('POST', LOGIN, { email: ' LOGIN@Example.com ', password: 'right-password' });
    expect(res.status).toBe(200);
  });

  it('when the password is wrong or the email unknown, then both get the same 401', async () => {
    const wrongPassword = await s.req('POST', LOGIN, {
      email: 'login@example.com',
      password: 'wrong-password',
    });
    const unknownEmail = await s.req('POST', LOGIN, {
      email: 'nobody@example.com',
      password: 'right-password',
    });
    expect(wrongPassword).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
  });

  it('when the password differs only in case, then login fails', async () => {
    const res = await s.req('POST', LOGIN, { email: 'login@example.com', password: 'RIGHT-PASSWORD' });
    expect(res.status).toBe(401);
  });

  it.each([
    ['nothing is sent', {}, 'Please enter both email and password'],
    ['the password is missing', { email: 'login@example.com' }, 'Please enter both email and password'],
    ['the email is empty', { email: '', password: 'right-password' }, 'Please enter both email and password'],
    [
      'the email is 255 characters',
      { email: 'a'.repeat(243) + '@example.com', password: 'x' },
      'Email must be 254 characters or fewer',
    ],
    [
      'the password is 1025 characters',
      { email: 'login@example.com', password: 'p'.repeat(1025) },
      'Password must be 1024 characters or fewer',
    ],
    ['the password is a number', { email: 'login@example.com', password: 123456 }, 'Password must be text'],
    [
      'an unknown field is sent',
      { email: 'login@example.com', password: 'x', remember: true },
      'Unknown field: remember',
    ],
  ])('when %s, then 400 with a clear error', async (_case, body, error) => {
    const res = await s.req('POST', LOGIN, body);
    expect(res).toMatchObject({ status: 400, body: { error } });
  });
});

describe('GET /api/auth/me and bearer tokens', () => {
  it('when no token is sent, then 401 says no token was found', async () => {
    expect(await me()).toMatchObject({ status: 401, body: { error: 'No authentication token found' } });
    const basic = await fetch(s.url + ME, { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
    expect(await basic.json()).toEqual({ error: 'No authentication token found' });
  });

  it('when the token is garbage or signed with another key, then 401 says the session expired', async () => {
    const id = (await me(await s.register())).body.id;
    const foreign = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    for (const token of ['not-a-jwt', foreign]) {
      expect(await me(token)).toMatchObject({ status: 401, body: { error: SESSION_EXPIRED } });
    }
  });

  it('when the token lifetime has passed on the clock, then 401 says the session expired', async () => {
    const token = await s.register();
    s.clock.advance(s.config.tokenTtlSeconds * 1000 - 1000);
    expect((await me(token)).status).toBe(200);
    s.clock.advance(2000);
    expect(await me(token)).toMatchObject({ status: 401, body: { error: SESSION_EXPIRED } });
  });

  it('when two users sign in, then each /me answers only its own account', async () => {
    const a = await s.register('alice@example.com');
    const b = await s.register('bob@example.com');
    const [meA, meB] = [await me(a), await me(b)];
    expect(meA.body.email).toBe('alice@example.com');
    expect(meB.body.email).toBe('bob@example.com');
    expect(meA.body.id).not.toBe(meB.body.id);
  });
});
