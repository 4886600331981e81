// The money Home's 50/30/20 view reads, in one place (issue 28): the bank and manual rows as the
// view's items and the income inputs (the stated budget, else the pay the income streams show).
// Home's spending breakdown, Home's subscriptions line and the bills view all take the month's
// income and Wants from here, so they never disagree.
import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import {
  budgetView,
  periodMoney,
  type BudgetView,
  type PeriodMoney,
  type ViewItem,
} from '@/domain/budget-view';
import { payStreamsMonthly, statedIncome } from '@/domain/income';
import { periodRange } from '@/domain/spending';
import type { BillsView } from '@/domain/bills';
import { budgetFrequencyAtom, budgetIncomeAtom, yearlyIncomeBudgetAtom } from '@/lib/atoms';
import type { BankAccount, Transaction } from './api';
import type { ManualTransaction } from './manual-api';
import { useAccounts, useBankTransactions, useBills, useManualTransactions } from './queries';

/** Bank and manual rows as the view reads them; a row's account subtype tells a move into savings. */
export function toViewItems(
  transactions: readonly Transaction[],
  manual: readonly ManualTransaction[],
  accounts: readonly BankAccount[] | undefined,
): ViewItem[] {
  const subtypeOf = new Map((accounts ?? []).map((a) => [a.id, a.subtype]));
  return [
    ...transactions.map((t) => ({
      amount: t.amount,
      date: t.date,
      label: t.budget_category,
      transfer: t.transfer,
      accountSubtype: t.account_id ? subtypeOf.get(t.account_id) : null,
    })),
    ...manual.map((m) => ({ amount: m.amount, date: m.date, label: m.budget_category ?? m.category })),
  ];
}

export interface IncomeInputs {
  /** The stated budget a year, in cents; null when none is stated. */
  statedYearlyCents: number | null;
  /** The pay the income streams show a month, in cents; null when none (or not loaded). */
  payMonthlyCents: number | null;
}

/** The income inputs of the 50/30/20 view: the stored budget settings and the bills view. */
export function useIncomeInputs(): IncomeInputs {
  const budgetIncome = useAtomValue(budgetIncomeAtom);
  const budgetFrequency = useAtomValue(budgetFrequencyAtom);
  const yearlyIncomeBudget = useAtomValue(yearlyIncomeBudgetAtom);
  const bills = useBills();
  const stated = statedIncome({ budgetIncome, budgetFrequency, yearlyIncomeBudget });
  return incomeInputs(stated?.yearlyCents ?? null, bills.data);
}

export function incomeInputs(statedYearlyCents: number | null, bills: BillsView | undefined): IncomeInputs {
  const pay = bills ? payStreamsMonthly(bills.streams) : null;
  return { statedYearlyCents, payMonthlyCents: pay === null ? null : Math.round(pay * 100) };
}

const NONE: never[] = [];

/**
 * The month's view as Home's breakdown shows it for 'This month': null until the bank lists, the
 * manual list and the bills view have answered (a failed list counts as empty).
 */
export function useThisMonth(now: Date = new Date()): { money: PeriodMoney; view: BudgetView } | null {
  const manualQuery = useManualTransactions();
  const txQuery = useBankTransactions();
  const accountsQuery = useAccounts();
  const bills = useBills();
  const income = useIncomeInputs();
  const day = now.toDateString();
  const range = useMemo(() => periodRange('this-month', new Date(day)), [day]);
  const settled =
    (manualQuery.isFetched || manualQuery.isError) &&
    txQuery.isFetched &&
    accountsQuery.isFetched &&
    bills.isFetched;
  const manual = manualQuery.data ?? NONE;
  const transactions = txQuery.data ?? NONE;
  const accounts = accountsQuery.data;
  return useMemo(() => {
    if (!settled) return null;
    const money = periodMoney(toViewItems(transactions, manual, accounts), range);
    return {
      money,
      view: budgetView(money, 'this-month', range, income.statedYearlyCents, income.payMonthlyCents),
    };
  }, [settled, transactions, manual, accounts, income.statedYearlyCents, income.payMonthlyCents, range]);
}
