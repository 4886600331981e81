// The sandbox's recurring-stream detector (issue 28): pure rules over Plaid-shaped transactions.
import { describe, expect, it } from 'vitest';
import type { AccountBase, Transaction, TransactionStream } from 'plaid';
import {
  cadenceOf,
  changedAccounts,
  detectStreams,
  GRACE_DAYS,
  merchantKey,
  type DetectedStreams,
} from '../../../server/plaid-sandbox/recurring';
import { customTransaction } from '../../../server/plaid-sandbox/transaction-shape';
import { generateAccounts, generateTransactions } from '../../../server/plaid-sandbox/data';
import { GROCERS } from '../../../server/plaid-sandbox/catalog';
import { seededRng, stableId } from '../../../server/plaid-sandbox/ids';

const DAY = 86_400_000;
const CHECKING = { account_id: 'acc-checking', type: 'depository' } as AccountBase;
const CARD = { account_id: 'acc-card', type: 'credit' } as AccountBase;
const ACCOUNTS = [CHECKING, CARD];

let n = 0;
function tx(
  date: string,
  amount: number,
  description: string,
  extra: Partial<Transaction> = {},
): Transaction {
  return {
    ...customTransaction(
      {
        transaction_id: `tx-${String(n++).padStart(4, '0')}`,
        date_transacted: date,
        date_posted: date,
        amount,
        description,
        iso_currency_code: 'USD',
      },
      CHECKING.account_id,
    ),
    ...extra,
  };
}

const at = (date: string) => Date.parse(`${date}T12:00:00Z`);
const detect = (transactions: Transaction[], now: string, accounts = ACCOUNTS) =>
  detectStreams({ itemId: 'item-1', transactions, accounts, now: at(now) });
const all = (s: DetectedStreams) => [...s.inflow, ...s.outflow];
const only = (s: DetectedStreams): TransactionStream => {
  expect(all(s)).toHaveLength(1);
  return all(s)[0];
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

describe('recurring streams: frequencies', () => {
  it('when a fixed charge comes on the same day each month, then a MONTHLY outflow stream predicts the next', () => {
    const rows = ['2025-01-12', '2025-02-12', '2025-03-12', '2025-04-12'].map((d) => tx(d, 15.49, 'Netflix'));
    const s = only(detect([...rows].reverse(), '2025-04-20'));
    expect(s).toMatchObject({
      account_id: CHECKING.account_id,
      frequency: 'MONTHLY',
      status: 'MATURE',
      is_active: true,
      first_date: '2025-01-12',
      last_date: '2025-04-12',
      predicted_next_date: '2025-05-12',
      average_amount: { amount: 15.49, iso_currency_code: 'USD', unofficial_currency_code: null },
      last_amount: { amount: 15.49, iso_currency_code: 'USD', unofficial_currency_code: null },
      description: 'Netflix',
      merchant_name: null,
      personal_finance_category: { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_TV_AND_MOVIES' },
      is_user_modified: false,
    });
    // Sorted by posted date whatever order they came in.
    expect(s.transaction_ids).toEqual(rows.map((r) => r.transaction_id));
  });

  it('when a monthly charge falls on the 31st, then a short month moves it and the next is the 31st again', () => {
    const rows = ['2025-01-31', '2025-02-28', '2025-03-31'].map((d) => tx(d, 60, 'Verizon Wireless'));
    expect(only(detect(rows, '2025-04-02')).predicted_next_date).toBe('2025-04-30');
    const more = [...rows, tx('2025-04-30', 60, 'Verizon Wireless')];
    expect(only(detect(more, '2025-05-02')).predicted_next_date).toBe('2025-05-31');
  });

  it('when a charge comes every week, then WEEKLY, next a week on', () => {
    const rows = [0, 7, 14, 21].map((d) => tx(addDays('2025-03-03', d), 12, 'Lake Yoga Class'));
    expect(only(detect(rows, '2025-03-25'))).toMatchObject({
      frequency: 'WEEKLY',
      status: 'MATURE',
      predicted_next_date: '2025-03-31',
    });
  });

  it('when pay comes every 14 days into checking, then a BIWEEKLY inflow stream with negative amounts', () => {
    const rows = [0, 14, 28, 42, 56].map((d) => tx(addDays('2025-01-03', d), -2150.5, 'ACME CORP PAYROLL'));
    const s = detect(rows, '2025-03-01');
    expect(s.outflow).toEqual([]);
    expect(s.inflow).toHaveLength(1);
    expect(s.inflow[0]).toMatchObject({
      frequency: 'BIWEEKLY',
      status: 'MATURE',
      average_amount: { amount: -2150.5 },
      last_amount: { amount: -2150.5 },
      predicted_next_date: '2025-03-14',
      personal_finance_category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    });
  });

  it('when pay comes on the 1st and the 15th, then SEMI_MONTHLY, next on the coming anchor', () => {
    const rows = ['2025-01-01', '2025-01-15', '2025-01-31', '2025-02-14', '2025-03-03'].map((d) =>
      tx(d, -1200, 'Globex Payroll'),
    );
    expect(only(detect(rows, '2025-03-05'))).toMatchObject({
      frequency: 'SEMI_MONTHLY',
      status: 'MATURE',
      predicted_next_date: '2025-03-15',
    });
  });

  it('when pay comes on the 15th and the last day, then SEMI_MONTHLY, next on the month end', () => {
    const rows = ['2025-01-15', '2025-01-31', '2025-02-14', '2025-02-28', '2025-03-14'].map((d) =>
      tx(d, -900, 'Initech Payroll'),
    );
    expect(only(detect(rows, '2025-03-16'))).toMatchObject({
      frequency: 'SEMI_MONTHLY',
      predicted_next_date: '2025-03-31',
    });
  });

  it('when a charge comes once a year, then ANNUALLY and MATURE after two', () => {
    const rows = [tx('2023-03-10', 120, 'Costco Membership'), tx('2024-03-11', 120, 'Costco Membership')];
    expect(only(detect(rows, '2024-04-01'))).toMatchObject({
      frequency: 'ANNUALLY',
      status: 'MATURE',
      predicted_next_date: '2025-03-11',
    });
  });

  it('when dates keep an even interval no frequency names, then UNKNOWN with no predicted date', () => {
    const rows = [0, 61, 122, 182, 243].map((d) => tx(addDays('2024-01-05', d), 80, 'Water Utility'));
    expect(only(detect(rows, '2024-09-10'))).toMatchObject({
      frequency: 'UNKNOWN',
      predicted_next_date: null,
    });
  });

  it('when intervals are irregular, then no cadence', () => {
    expect(cadenceOf([0, 3, 19, 22, 50])).toBeNull();
    expect(cadenceOf([0])).toBeNull();
    expect(cadenceOf([0, 30, 60])?.frequency).toBe('MONTHLY');
  });
});

describe('recurring streams: status', () => {
  it('when only two have come, then EARLY_DETECTION', () => {
    const rows = [tx('2025-02-07', 24.99, 'Planet Fitness'), tx('2025-03-07', 24.99, 'Planet Fitness')];
    expect(only(detect(rows, '2025-03-08'))).toMatchObject({
      status: 'EARLY_DETECTION',
      is_active: true,
      frequency: 'MONTHLY',
      predicted_next_date: '2025-04-07',
    });
  });

  it('when the predicted date passes by more than the grace period, then TOMBSTONED and not active', () => {
    const rows = [0, 7, 14].map((d) => tx(addDays('2025-03-03', d), 9.5, 'Corner Bakery Box'));
    const predicted = addDays('2025-03-17', 7);
    expect(only(detect(rows, addDays(predicted, GRACE_DAYS.WEEKLY)))).toMatchObject({
      status: 'MATURE',
      is_active: true,
    });
    expect(only(detect(rows, addDays(predicted, GRACE_DAYS.WEEKLY + 1)))).toMatchObject({
      status: 'TOMBSTONED',
      is_active: false,
      predicted_next_date: predicted,
    });
  });
});

describe('recurring streams: grouping', () => {
  it('when a price rises a little, then it stays one stream with the average and the last amount', () => {
    const rows = [
      tx('2025-01-09', 15.49, 'Netflix'),
      tx('2025-02-09', 15.49, 'Netflix'),
      tx('2025-03-09', 17.99, 'Netflix'),
      tx('2025-04-09', 17.99, 'Netflix'),
    ];
    const s = only(detect(rows, '2025-04-10'));
    expect(s.average_amount.amount).toBe(16.74);
    expect(s.last_amount.amount).toBe(17.99);
  });

  it('when two prices at one merchant recur, then two streams with their own ids', () => {
    const months = ['2025-01-03', '2025-02-03', '2025-03-03'];
    const rows = [
      ...months.map((d) => tx(d, 0.99, 'Apple iCloud', { merchant_name: 'Apple' })),
      ...months.map((d) => tx(addDays(d, 5), 10.99, 'Apple Music', { merchant_name: 'Apple' })),
    ];
    const s = detect(rows, '2025-03-10');
    expect(s.outflow).toHaveLength(2);
    expect(s.outflow.map((x) => x.average_amount.amount).sort()).toEqual([0.99, 10.99]);
    expect(new Set(s.outflow.map((x) => x.stream_id)).size).toBe(2);
  });

  it('when grocery runs happen on random days at one shop, then no stream', () => {
    const r = seededRng('groceries');
    for (const shop of GROCERS) {
      const rows: Transaction[] = [];
      for (let d = 0; d < 120; d++)
        if (r.chance(0.12)) rows.push(tx(addDays('2025-01-01', d), r.amount(shop.min, shop.max), shop.name));
      expect(all(detect(rows, '2025-05-01')), shop.name).toEqual([]);
    }
  });

  it('when transactions are pending, or money comes into a card, then they make no stream', () => {
    const months = ['2025-01-20', '2025-02-20', '2025-03-20'];
    const pending = months.map((d) => tx(d, 30, 'Hulu', { pending: true }));
    const cardIn = months.map((d) => tx(d, -400, 'Payment Thank You', { account_id: CARD.account_id }));
    expect(all(detect([...pending, ...cardIn], '2025-03-21'))).toEqual([]);
  });

  it('when an account is not asked for, then its streams are left out', () => {
    const rows = ['2025-01-20', '2025-02-20', '2025-03-20'].map((d) => tx(d, 30, 'Hulu'));
    expect(all(detect(rows, '2025-03-21', [CARD]))).toEqual([]);
  });

  it('when own-account transfers vary in amount and one extra comes between, then still one MONTHLY stream', () => {
    const rows = [
      tx('2025-01-05', 100, 'Transfer to Savings'),
      tx('2025-02-05', 300, 'Transfer to Savings'),
      tx('2025-02-21', 25, 'Transfer to Savings'),
      tx('2025-03-05', 180, 'Transfer to Savings'),
      tx('2025-04-05', 220, 'Transfer to Savings'),
    ];
    const s = only(detect(rows, '2025-04-06'));
    expect(s).toMatchObject({
      frequency: 'MONTHLY',
      status: 'MATURE',
      predicted_next_date: '2025-05-05',
      personal_finance_category: { primary: 'TRANSFER_OUT' },
    });
    expect(s.transaction_ids).toHaveLength(5);
  });

  it('when the description carries numbers, then they do not split the merchant', () => {
    expect(merchantKey({ merchant_name: null, name: 'GYM PASS #1043 03/12' })).toBe('gym pass');
    expect(merchantKey({ merchant_name: 'Planet Fitness', name: 'whatever' })).toBe('planet fitness');
  });

  it('when a new transaction joins a stream, then its stream_id stays and the change is seen on its account', () => {
    const rows = ['2025-01-12', '2025-02-12', '2025-03-12'].map((d) => tx(d, 45, 'Verizon Wireless'));
    const before = detect(rows, '2025-03-13');
    const more = [...rows, tx('2025-04-12', 45, 'Verizon Wireless')];
    const after = detect(more, '2025-04-13');
    expect(only(after).stream_id).toBe(only(before).stream_id);
    expect(changedAccounts(before, after)).toEqual([CHECKING.account_id]);
    expect(changedAccounts(after, detect(more, '2025-04-13'))).toEqual([]);
  });
});

describe('recurring streams in the demo data', () => {
  const createdAt = Date.parse('2025-03-01T12:00:00Z');
  const seeds = Array.from({ length: 40 }, (_, i) => stableId('recurring-demo', i));

  it.each([0, 1])(
    'when an Item is new (data version %i), then its bills, subscriptions and pay are MATURE streams',
    (version) => {
      for (const seed of seeds) {
        const until = createdAt + version * 20 * DAY;
        const accounts = generateAccounts(seed);
        const s = detectStreams({
          itemId: seed,
          transactions: generateTransactions({ seed, createdAt, until, version }),
          accounts,
          now: until,
        });
        const outflow = (merchant: RegExp) => s.outflow.find((x) => merchant.test(x.merchant_name ?? ''));
        for (const m of [
          /Apartments|Property Management|Lofts/,
          /City Power/,
          /Verizon/,
          /Netflix/,
          /Spotify/,
          /Planet Fitness/,
        ]) {
          expect(outflow(m), `${seed} ${m}`).toMatchObject({
            frequency: 'MONTHLY',
            status: 'MATURE',
            is_active: true,
          });
        }
        const pay = s.inflow.find((x) => x.personal_finance_category?.detailed === 'INCOME_WAGES');
        expect(pay, seed).toMatchObject({
          frequency: 'BIWEEKLY',
          status: 'MATURE',
          account_id: accounts[0].account_id,
        });
        const gym = outflow(/Planet Fitness/)!;
        expect(gym.average_amount.amount).toBe(24.99);
        expect(gym.personal_finance_category?.detailed).toBe('PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS');
        // Groceries are bought on random days: never an active stream.
        const grocers = new Set(GROCERS.map((g) => g.merchant));
        expect(
          all(s).filter((x) => grocers.has(x.merchant_name ?? '') && x.is_active),
          seed,
        ).toEqual([]);
        // The same data gives the same streams.
        expect(
          detectStreams({
            itemId: seed,
            transactions: generateTransactions({ seed, createdAt, until, version }),
            accounts,
            now: until,
          }),
        ).toEqual(s);
      }
    },
  );
});
