import { describe, expect, it } from 'vitest';
import { findOwnTransfers, type TransferCandidate } from '@/domain/transfers';
import { periodMoney } from '@/domain/budget-view';

const tx = (
  plaidId: string,
  amount: number,
  date: string,
  account_id: string | null,
  personal_finance_category: string | null,
): TransferCandidate => ({ plaidId, amount, date, account_id, personal_finance_category });

describe('findOwnTransfers', () => {
  it('when money leaves checking and the same amount arrives in savings that day, then both sides are a transfer', () => {
    const found = findOwnTransfers([
      tx('out', 150, '2026-11-05', 'checking', 'TRANSFER_OUT'),
      tx('in', -150, '2026-11-05', 'savings', 'TRANSFER_IN'),
      tx('coffee', 4.5, '2026-11-05', 'checking', 'FOOD_AND_DRINK'),
    ]);
    expect([...found].sort()).toEqual(['in', 'out']);
  });

  it('when the amounts differ by a cent, then neither side is a transfer', () => {
    expect(
      findOwnTransfers([
        tx('out', 150, '2026-11-05', 'checking', 'TRANSFER_OUT'),
        tx('in', -149.99, '2026-11-05', 'savings', 'TRANSFER_IN'),
      ]).size,
    ).toBe(0);
  });

  it('when both sides are on the same account, or one has no account, then they are not a transfer between own accounts', () => {
    expect(
      findOwnTransfers([
        tx('out', 20, '2026-11-05', 'checking', 'TRANSFER_OUT'),
        tx('in', -20, '2026-11-05', 'checking', 'TRANSFER_IN'),
        tx('out2', 30, '2026-11-05', null, 'TRANSFER_OUT'),
        tx('in2', -30, '2026-11-05', 'savings', 'TRANSFER_IN'),
      ]).size,
    ).toBe(0);
  });

  it('when the arriving side posts three days later, then they pair; four days later they do not', () => {
    const three = findOwnTransfers([
      tx('out', 75, '2026-11-28', 'checking', 'TRANSFER_OUT'),
      tx('in', -75, '2026-12-01', 'savings', 'TRANSFER_IN'),
    ]);
    expect(three.size).toBe(2);
    const four = findOwnTransfers([
      tx('out', 75, '2026-11-28', 'checking', 'TRANSFER_OUT'),
      tx('in', -75, '2026-12-02', 'savings', 'TRANSFER_IN'),
    ]);
    expect(four.size).toBe(0);
  });

  it('when two equal transfers arrive and one went out, then it pairs once, with the nearest date', () => {
    const found = findOwnTransfers([
      tx('out', 50, '2026-11-10', 'checking', 'TRANSFER_OUT'),
      tx('in-far', -50, '2026-11-12', 'savings', 'TRANSFER_IN'),
      tx('in-near', -50, '2026-11-10', 'savings', 'TRANSFER_IN'),
    ]);
    expect([...found].sort()).toEqual(['in-near', 'out']);
  });

  it('when Plaid marks income or a card payment with the same amounts, then they are not transfers', () => {
    expect(
      findOwnTransfers([
        tx('pay', 500, '2026-11-25', 'checking', 'LOAN_PAYMENTS'),
        tx('card', -500, '2026-11-25', 'card', 'LOAN_PAYMENTS'),
        tx('out', 500, '2026-11-25', 'checking', 'TRANSFER_OUT'),
        tx('wage', -500, '2026-11-25', 'savings', 'INCOME'),
      ]).size,
    ).toBe(0);
  });

  it('when a transfer pair is summed with spending, then only the spending counts', () => {
    const list = [
      tx('out', 150, '2026-11-05', 'checking', 'TRANSFER_OUT'),
      tx('in', -150, '2026-11-05', 'savings', 'TRANSFER_IN'),
      tx('coffee', 4.5, '2026-11-05', 'checking', 'FOOD_AND_DRINK'),
    ];
    const transfers = findOwnTransfers(list);
    const items = list.map((t) => ({
      amount: t.amount,
      date: t.date,
      label: null,
      transfer: transfers.has(t.plaidId),
    }));
    const money = periodMoney(items, { start: '2026-11-01', end: '2026-11-30' });
    expect(money.spent).toBe(450);
    expect(money.bankIncome).toBe(0);
    expect(money.unsortedCount).toBe(1);
  });
});
