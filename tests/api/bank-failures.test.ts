// A failing or slow bank answer leaves the last good data and the cursor as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaidApi } from 'plaid';
import { createTestServer, type TestServer } from '../support/server';
import { stubPlaid } from '../support/stub-plaid';

let s: TestServer;
let failure: unknown = null;

beforeAll(async () => {
  const base = stubPlaid(1_000) as unknown as Record<string, (req: unknown) => Promise<unknown>>;
  const plaid = {
    ...base,
    transactionsSync: (req: unknown) => (failure ? Promise.reject(failure) : base.transactionsSync(req)),
    itemRemove: () => (failure ? Promise.reject(failure) : Promise.resolve({ data: { request_id: 'rm' } })),
  } as unknown as PlaidApi;
  s = await createTestServer({ deps: { plaid: () => plaid } });
});
afterAll(async () => {
  await s.close();
});

describe('bank failures', () => {
  it('when the bank times out or errors, then the answer says so and data, cursor and items stay', async () => {
    const token = await s.register();
    await s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-stub' }, token);
    failure = null;
    expect((await s.req('GET', '/api/plaid/fetch-transactions', undefined, token)).status).toBe(200);
    const before = await s.db('plaid_items').first();
    const count = await s.countRows('transactions');
    expect(count).toBe(1_000);

    failure = Object.assign(new Error('timeout of 25000ms exceeded'), { code: 'ECONNABORTED' });
    const slow = await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    expect(slow.status).toBe(502);
    expect(slow.body).toMatchObject({
      error: 'Failed to fetch transactions',
      details: 'The bank service did not answer in time.',
    });

    failure = Object.assign(new Error('Request failed with status code 500'), {
      response: {
        status: 500,
        data: {
          error_type: 'API_ERROR',
          error_code: 'INTERNAL_SERVER_ERROR',
          error_message: 'an unexpected error occurred',
          display_message: 'Something went wrong at the bank. Please try again later.',
          request_id: 'x',
        },
      },
    });
    const broken = await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    expect(broken.status).toBe(502);
    expect(broken.body).toMatchObject({
      details: 'Something went wrong at the bank. Please try again later.',
      error_code: 'INTERNAL_SERVER_ERROR',
    });

    // A failed disconnect deletes nothing either.
    const disc = await s.req('POST', '/api/plaid/disconnect', {}, token);
    expect(disc.status).toBe(502);
    expect(disc.body.error).toBe('Failed to disconnect bank account. Please try again.');

    const after = await s.db('plaid_items').first();
    expect(after.cursor).toBe(before.cursor);
    expect(await s.countRows('transactions')).toBe(count);
    expect(await s.countRows('bank_accounts')).toBe(1);
  });
});
