// The in-process app the authorization, abuse, fuzzing and header tests run against, and a user
// with something of everything: a linked and synced sandbox bank, a labelled transaction, a manual
// expense and saved progress. What each owns is read back through the database, so a test can
// tell whether a request changed anything of theirs.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { tokenUserId } from '../accounts';
import { createTestServer, linkSandboxItem, type TestServer, type TestServerOptions } from '../server';

export async function startApp(opts: TestServerOptions = {}): Promise<TestServer> {
  return createTestServer({ ...opts, env: { PLAID_NOT_READY_MS: '0', ...opts.env } });
}

export interface Member {
  token: string;
  userId: number;
  itemId: string;
  plaidIds: string[];
  manualId: number;
  manualName: string;
  eventId: string;
  /** The round of Learn questions the member has open (issue 34). */
  learnAttemptId: string;
  /** A statement import of theirs (issue 29). */
  importId: number;
  /** A recurring stream of theirs, reviewed 'keep' (issue 28). */
  streamId: string;
}

/** Registers a user and gives them a bank, transactions, a label, a manual expense and progress. */
export async function fullMember(s: TestServer): Promise<Member> {
  const token = await s.register();
  const itemId = await linkSandboxItem(s, token);
  const sync = await s.req<{ transactions: { plaidId: string }[] }>(
    'GET',
    '/api/plaid/fetch-transactions',
    undefined,
    token,
  );
  expect(sync.status).toBe(200);
  const plaidIds = sync.body.transactions.map((t) => t.plaidId);
  expect(plaidIds.length).toBeGreaterThan(0);
  const label = await s.req(
    'POST',
    '/api/plaid/update-transaction-categories',
    { categories: [{ plaidId: plaidIds[0], budget_category: 'Want' }] },
    token,
  );
  expect(label.status).toBe(200);
  const manualName = `Rent share ${randomUUID().slice(0, 8)}`;
  const manual = await s.req<{ id: number }>(
    'POST',
    '/api/transactions/manual',
    { description: manualName, amount: 12.5, category: 'Need', date: '2025-02-27' },
    token,
  );
  expect(manual.status).toBe(201);
  const eventId = randomUUID();
  const progress = await s.req(
    'POST',
    '/api/progress/events',
    { events: [{ id: eventId, at: s.clock.now().getTime(), type: 'award', kind: 'login' }] },
    token,
  );
  expect(progress.status).toBe(200);
  const round = await s.req<{ attemptId: string }>(
    'POST',
    '/api/learn/attempts',
    { kind: 'check', stage: 'before' },
    token,
  );
  expect(round.status).toBe(200);
  const imported = await s.req<{ import: { id: number } }>(
    'POST',
    '/api/statement-imports',
    { fileName: 'statement.csv', content: `Date,Description,Amount\n2025-02-20,${manualName} import,-4.00` },
    token,
  );
  expect(imported.status).toBe(201);
  const streamId = await reviewedStream(s, token, tokenUserId(token));
  return {
    token,
    userId: tokenUserId(token),
    itemId,
    plaidIds,
    manualId: manual.body.id,
    manualName,
    eventId,
    learnAttemptId: round.body.attemptId,
    importId: imported.body.import.id,
    streamId,
  };
}

/**
 * An active money-out stream of the member's, reviewed 'keep' (issue 28): one the bank detected,
 * else one stored as /transactions/recurring/get would have sent it (a sandbox without it).
 */
async function reviewedStream(s: TestServer, token: string, userId: number): Promise<string> {
  const bills = await s.req<{ streams: { id: string; direction: string; isActive: boolean }[] }>(
    'GET',
    '/api/bills',
    undefined,
    token,
  );
  expect(bills.status).toBe(200);
  let streamId = bills.body.streams.find((x) => x.direction === 'outflow' && x.isActive)?.id;
  if (!streamId) {
    streamId = `stream-${randomUUID()}`;
    const item = await s.db('plaid_items').where({ user_id: userId }).first('id');
    const account = await s.db('bank_accounts').where({ user_id: userId }).first('account_id');
    await s.db('recurring_streams').insert({
      user_id: userId,
      item_row_id: item.id,
      stream_id: streamId,
      account_id: account.account_id,
      direction: 'outflow',
      merchant_name: 'Streamflix',
      description: 'STREAMFLIX MONTHLY',
      frequency: 'MONTHLY',
      average_amount_cents: 1599,
      last_amount_cents: 1599,
      first_date: '2024-12-05',
      last_date: '2025-02-05',
      predicted_next_date: '2025-03-05',
      status: 'MATURE',
      is_active: true,
      pfc_primary: 'ENTERTAINMENT',
      transaction_ids: '[]',
      updated_at: s.clock.now().getTime(),
    });
  }
  const review = await s.req('POST', '/api/bills/reviews', { streamId, decision: 'keep' }, token);
  expect(review.status).toBe(200);
  return streamId;
}

/** Every row of every table that belongs to the user (by user_id, or through their bank items). */
export async function rowsOf(s: TestServer, userId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of await s.tablesWithUserId()) {
    const rows = (await s.db(t).where({ user_id: userId })) as Record<string, unknown>[];
    out[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  out.users = await s.db('users').where({ id: userId });
  return out;
}
