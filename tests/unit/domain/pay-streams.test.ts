// Issue 28: the bank's income streams tell the budget the pay schedule when none is stated.
import { describe, expect, it } from 'vitest';
import { budgetView, periodMoney, type ViewItem } from '@/domain/budget-view';
import { payStreamsMonthly, resolveIncome } from '@/domain/income';
import type { BillStream } from '@/domain/bills';

type PayInput = Parameters<typeof payStreamsMonthly>[0][number];
const pay = (over: Partial<BillStream> = {}): PayInput => ({
  direction: 'inflow',
  status: 'MATURE',
  isActive: true,
  label: 'Income',
  name: 'ACME Corp',
  monthly: 3900,
  ...over,
});
const MARCH = { start: '2025-03-01', end: '2025-03-31' };
const LAST_90 = { start: '2025-01-01', end: '2025-03-31' };
const item = (amount: number, label: string | null): ViewItem => ({ amount, date: '2025-03-10', label });

describe('payStreamsMonthly: which streams are pay', () => {
  it('when an active mature inflow stream is labelled Income, then its monthly amount is the pay', () => {
    expect(payStreamsMonthly([pay()])).toBe(3900);
  });
  it('when two jobs pay, then their monthly amounts add up', () => {
    expect(payStreamsMonthly([pay(), pay({ name: 'Side gig', monthly: 412.5 })])).toBe(4312.5);
  });
  it('when an unlabelled inflow stream is named like payroll, then it counts; an unlabelled refund does not', () => {
    expect(payStreamsMonthly([pay({ label: null, name: 'GUSTO PAYROLL' })])).toBe(3900);
    expect(payStreamsMonthly([pay({ label: null, name: 'Direct Deposit ACME' })])).toBe(3900);
    expect(payStreamsMonthly([pay({ label: null, name: 'Venmo cashout' })])).toBeNull();
    // A Plaid category of INCOME, when the server sends one, says pay whatever the name.
    expect(
      payStreamsMonthly([{ ...pay({ label: null, name: 'Globex Corporation' }), category: 'INCOME' }]),
    ).toBe(3900);
  });
  it.each([
    ['money out', { direction: 'outflow' as const }],
    ['still being learnt', { status: 'EARLY_DETECTION' as const }],
    ['ended', { status: 'TOMBSTONED' as const, isActive: false }],
    ['inactive', { isActive: false }],
    ['of unknown frequency', { monthly: null }],
    ['labelled something else', { label: 'Savings' as const, name: 'Payroll' }],
  ])('when the stream is %s, then it is not pay', (_what, over) => {
    expect(payStreamsMonthly([pay(over)])).toBeNull();
  });
});

describe('resolveIncome with the pay streams', () => {
  const none = { budgetIncome: null, budgetFrequency: null, yearlyIncomeBudget: null };
  it('when no budget is stated, then the pay streams come before what the bank received', () => {
    expect(resolveIncome({ ...none, payStreamsMonthly: 3900, bankIncome: 5000 })).toEqual({
      monthly: 3900,
      source: 'pay-streams',
    });
  });
  it('when a budget is stated, then it wins over the pay streams', () => {
    expect(
      resolveIncome({
        ...none,
        budgetIncome: 4000,
        budgetFrequency: 'monthly',
        payStreamsMonthly: 3900,
        bankIncome: 0,
      }),
    ).toEqual({ monthly: 4000, source: 'budget' });
  });
  it('when there are no pay streams, then the bank income is the base as before', () => {
    expect(resolveIncome({ ...none, payStreamsMonthly: null, bankIncome: 5000 })?.source).toBe('bank');
  });
});

describe('budgetView with the pay streams', () => {
  it('when no budget is stated, then the month is measured against the pay, named as such', () => {
    const m = periodMoney([item(-5000, null), item(1170, 'Want')], MARCH);
    const v = budgetView(m, 'this-month', MARCH, null, 390_000);
    expect(v.incomeSource).toBe('pay');
    expect(v.incomeCents).toBe(390_000);
    expect(v.lines[1]).toMatchObject({ sharePercent: 30, verdict: 'on-target' });
  });
  it('when a budget is stated, then the pay streams are not the base', () => {
    const v = budgetView(periodMoney([], MARCH), 'this-month', MARCH, 4_800_000, 390_000);
    expect(v.incomeSource).toBe('stated');
    expect(v.incomeCents).toBe(400_000);
  });
  it('on the last 90 days the pay covers 90 days like a stated income', () => {
    const v = budgetView(periodMoney([], LAST_90), 'last-90-days', LAST_90, null, 400_000);
    expect(v.incomeCents).toBe(1_183_562);
  });
});
