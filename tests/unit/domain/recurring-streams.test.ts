// What the server stores of /transactions/recurring/get (issue 28): checked like every bank answer,
// a stream that breaks a rule is skipped and never stored as it came.
import { describe, expect, it } from 'vitest';
import type { TransactionStream } from 'plaid';
import {
  STREAMS_PER_ITEM_MAX,
  STREAM_TX_IDS_KEPT,
  merchantKey,
  toStreamInput,
  toStreamInputs,
} from '../../../server/services/recurring-streams';

const ACCOUNTS = new Set(['acc-1']);
const stream = (over: Record<string, unknown> = {}) =>
  ({
    account_id: 'acc-1',
    stream_id: 'stream-1',
    category: null,
    category_id: null,
    description: 'NETFLIX.COM',
    merchant_name: 'Netflix',
    first_date: '2024-12-05',
    last_date: '2025-03-05',
    predicted_next_date: '2025-04-05',
    frequency: 'MONTHLY',
    transaction_ids: ['t1', 't2'],
    average_amount: { amount: 15.99, iso_currency_code: 'USD' },
    last_amount: { amount: 15.99, iso_currency_code: 'USD' },
    is_active: true,
    status: 'MATURE',
    personal_finance_category: { primary: 'ENTERTAINMENT', detailed: 'X' },
    is_user_modified: false,
    ...over,
  }) as unknown as TransactionStream;

describe('toStreamInput', () => {
  it('stores a good stream with positive cents', () => {
    expect(toStreamInput(stream({ average_amount: { amount: -2000.5 } }), 'inflow', ACCOUNTS)).toEqual({
      stream_id: 'stream-1',
      account_id: 'acc-1',
      direction: 'inflow',
      merchant_name: 'Netflix',
      description: 'NETFLIX.COM',
      frequency: 'MONTHLY',
      average_amount_cents: 200050,
      last_amount_cents: 1599,
      first_date: '2024-12-05',
      last_date: '2025-03-05',
      predicted_next_date: '2025-04-05',
      status: 'MATURE',
      is_active: true,
      pfc_primary: 'ENTERTAINMENT',
      transaction_ids: '["t1","t2"]',
    });
  });

  it('skips a stream of an account not chosen in Link, a bad id, date or amount', () => {
    for (const over of [
      { account_id: 'acc-2' },
      { stream_id: '' },
      { stream_id: 'x'.repeat(129) },
      { stream_id: 'a\u0000b' },
      { first_date: '2025-02-30' },
      { last_date: 'yesterday' },
      { average_amount: { amount: 1e300 } },
      { last_amount: {} },
      { description: '', merchant_name: null },
    ])
      expect(toStreamInput(stream(over), 'outflow', ACCOUNTS), JSON.stringify(over)).toBeNull();
  });

  it('reads an unknown frequency or status safely, a bad predicted date as none, and keeps the newest ids', () => {
    const ids = Array.from({ length: 80 }, (_, i) => `t${i}`);
    const row = toStreamInput(
      stream({
        frequency: 'FORTNIGHTLY',
        status: 'UNKNOWN',
        predicted_next_date: '2025-13-01',
        transaction_ids: [...ids, 'a\u0000'],
      }),
      'outflow',
      ACCOUNTS,
    )!;
    expect(row).toMatchObject({ frequency: 'UNKNOWN', status: 'EARLY_DETECTION', predicted_next_date: null });
    expect(JSON.parse(row.transaction_ids)).toEqual(ids.slice(-STREAM_TX_IDS_KEPT));
  });
});

describe('toStreamInputs', () => {
  it('keeps each stream id once and at most the per-item limit, counting what it skipped', () => {
    const many = Array.from({ length: STREAMS_PER_ITEM_MAX + 5 }, (_, i) => stream({ stream_id: `s${i}` }));
    const out = toStreamInputs(
      { outflow_streams: [stream(), stream(), stream({ account_id: 'nope' })], inflow_streams: many },
      ACCOUNTS,
    );
    expect(out.streams).toHaveLength(STREAMS_PER_ITEM_MAX);
    expect(out.streams[0]!.direction).toBe('outflow');
    expect(out.skipped).toBe(2 + 6);
  });

  it('matches charges on the merchant, else the description, in any case', () => {
    expect(merchantKey({ merchant_name: 'Netflix', description: 'NETFLIX.COM' })).toBe('netflix');
    expect(merchantKey({ merchant_name: null, description: 'GYM CLUB' })).toBe('gym club');
  });
});
