// Users and linked banks made through the HTTP API, the same way for API, browser, hardening and
// scale tests and the benches: the one register helper and the one link-a-sandbox-bank helper.
import { randomBytes } from 'node:crypto';
import type { Fetcher, Reply } from './http';

export const PASSWORD = 'secret123';

/** An address no other test uses. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(6).toString('hex')}@example.com`;
}

export interface RegisteredUser {
  email: string;
  password: string;
  token: string;
}

const fail = (what: string, res: Reply) => new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);

/** The account id a bearer token was issued to (its `sub`). */
export function tokenUserId(token: string): number {
  return Number(
    (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub,
  );
}

/** Registers a user (a fresh address unless given) and answers it with its bearer token. */
export async function registerUser(
  call: Fetcher,
  { email = uniqueEmail(), password = PASSWORD }: { email?: string; password?: string } = {},
): Promise<RegisteredUser> {
  const res = await call('POST', '/api/auth/register', { email, password });
  if (res.status !== 201) throw fail('register', res);
  return { email, password, token: (res.body as { token: string }).token };
}

/** The local Plaid sandbox's API keys (only the server's own SDK, and tests, hold them). */
export interface SandboxKeys {
  clientId: string;
  secret: string;
}
/** The keys a server process was started with (PLAID_SANDBOX_CLIENT_ID / _SECRET). */
export const sandboxKeysFromEnv = (env: NodeJS.ProcessEnv): SandboxKeys => ({
  clientId: env.PLAID_SANDBOX_CLIENT_ID ?? '',
  secret: env.PLAID_SANDBOX_SECRET ?? '',
});

/**
 * Links a `user_good` item of the local sandbox for the user, as Link would (a link token, a
 * sandbox public token, the exchange); answers its item id. `linkToken: false` skips the link
 * token, for tests that count the server's link-token rows themselves; `webhook` is where the
 * sandbox posts the Item's webhooks (issue 27).
 */
export async function linkSandboxBank(
  call: Fetcher,
  token: string,
  keys: SandboxKeys,
  { linkToken = true, webhook }: { linkToken?: boolean; webhook?: string } = {},
): Promise<string> {
  if (linkToken) {
    const lt = await call('POST', '/api/plaid/create_link_token', {}, token);
    if (lt.status !== 200) throw fail('link token', lt);
  }
  const pub = await call('POST', '/plaid-sandbox/sandbox/public_token/create', {
    client_id: keys.clientId,
    secret: keys.secret,
    institution_id: 'ins_109508',
    initial_products: ['transactions'],
    options: {
      override_username: 'user_good',
      override_password: 'pass_good',
      ...(webhook ? { webhook } : {}),
    },
  });
  if (pub.status !== 200) throw fail('public token', pub);
  const ex = await call(
    'POST',
    '/api/plaid/exchange-token',
    { public_token: (pub.body as { public_token: string }).public_token },
    token,
  );
  if (ex.status !== 200) throw fail('exchange', ex);
  return (ex.body as { item_id: string }).item_id;
}

export interface SyncedTransaction {
  plaidId: string;
  budget_category: string | null;
}

/**
 * Syncs until the bank answers 200 (a fresh item answers 'not yet ready' for a moment, as Plaid
 * does); gives up after `timeoutMs`.
 */
export async function syncUntilReady(
  call: Fetcher,
  token: string,
  timeoutMs = 15_000,
): Promise<SyncedTransaction[]> {
  let last: Reply | undefined;
  for (const end = Date.now() + timeoutMs; Date.now() < end;) {
    last = await call('GET', '/api/plaid/fetch-transactions', undefined, token);
    if (last.status === 200) return (last.body as { transactions: SyncedTransaction[] }).transactions;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`sync never became ready: last answer ${last?.status} ${JSON.stringify(last?.body)}`);
}
