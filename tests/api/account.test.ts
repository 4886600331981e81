import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/lib/errors';
import { createAuthService } from '../../server/services/auth-service';
import { createTestServer, type TestServer } from '../support/server';

const ACCOUNT = '/api/auth/account';

let s: TestServer;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const idOf = async (token: string) =>
  (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body.id;

async function rowsOfUser(userId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {
    users: await s
      .db('users')
      .where({ id: userId })
      .count({ n: '*' })
      .then((r) => Number(r[0].n)),
  };
  for (const table of await s.tablesWithUserId()) {
    out[table] = Number((await s.db(table).where({ user_id: userId }).count({ n: '*' }))[0].n);
  }
  return out;
}

describe('DELETE /api/auth/account', () => {
  it('when a signed-in user deletes the account, then no row of theirs remains and the token stops working', async () => {
    const token = await s.register('leaving@example.com', 'secret123');
    const other = await s.register('staying@example.com');
    const [id, otherId] = [await idOf(token), await idOf(other)];
    // Give the user data in a dependent table so the cascade is exercised.
    await s.req('POST', '/api/auth/forgot-password', { email: 'leaving@example.com' });
    await s.req('POST', '/api/auth/forgot-password', { email: 'staying@example.com' });
    expect((await rowsOfUser(id)).password_resets).toBe(1);

    const res = await s.req('DELETE', ACCOUNT, undefined, token);
    expect(res).toMatchObject({ status: 200, body: { message: 'Your account has been deleted.' } });

    const left = await rowsOfUser(id);
    expect(Object.keys(left)).toEqual(expect.arrayContaining(['users', 'password_resets']));
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect(await s.req('GET', '/api/auth/me', undefined, token)).toMatchObject({
      status: 401,
      body: { error: 'Your session has expired. Please sign in again.' },
    });
    expect(
      (await s.req('POST', '/api/auth/login', { email: 'leaving@example.com', password: 'secret123' }))
        .status,
    ).toBe(401);
    // The other account is untouched.
    expect(await rowsOfUser(otherId)).toMatchObject({ users: 1, password_resets: 1 });
    expect((await s.req('GET', '/api/auth/me', undefined, other)).status).toBe(200);
  });

  it('when the account is deleted, then the same address can register again', async () => {
    const token = await s.register('again@example.com');
    await s.req('DELETE', ACCOUNT, undefined, token);
    expect(
      (await s.req('POST', '/api/auth/register', { email: 'again@example.com', password: 'secret123' }))
        .status,
    ).toBe(201);
  });

  it('when no token is sent, then 401 says no token was found and nothing is deleted', async () => {
    await s.register();
    const before = await s.countRows('users');
    expect(await s.req('DELETE', ACCOUNT)).toMatchObject({
      status: 401,
      body: { error: 'No authentication token found' },
    });
    expect(await s.countRows('users')).toBe(before);
  });

  it('when the token is from before a password reset, then 401 and the account stays', async () => {
    const old = await s.register('stale@example.com');
    await s.req('POST', '/api/auth/forgot-password', { email: 'stale@example.com' });
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(s.mailer.sent.at(-1)!.text)![1];
    await s.req('POST', '/api/auth/reset-password', { token: resetToken, password: 'new-password' });
    expect((await s.req('DELETE', ACCOUNT, undefined, old)).status).toBe(401);
    expect(
      (await s.req('POST', '/api/auth/login', { email: 'stale@example.com', password: 'new-password' }))
        .status,
    ).toBe(200);
  });
});

describe('before-delete hooks (for bank items)', () => {
  it('when a hook is registered, then it runs while the user still exists, before the row goes', async () => {
    const auth = createAuthService(s.deps);
    const id = await idOf(await s.register());
    const seen: number[] = [];
    auth.onBeforeDeleteUser(async (userId) => {
      seen.push(Number((await rowsOfUser(userId)).users));
    });
    await auth.deleteAccount(id);
    expect(seen).toEqual([1]);
    expect((await rowsOfUser(id)).users).toBe(0);
  });

  it('when a hook fails, then the deletion is abandoned with its error and the account stays', async () => {
    const auth = createAuthService(s.deps);
    const id = await idOf(await s.register());
    auth.onBeforeDeleteUser(async () => {
      throw new HttpError(502, 'Could not disconnect your bank. Please try again.');
    });
    await expect(auth.deleteAccount(id)).rejects.toThrow('Could not disconnect your bank');
    expect((await rowsOfUser(id)).users).toBe(1);
  });
});
