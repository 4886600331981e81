// What the bank sends is checked before it is stored, with the same rules as typed input: a row
// that breaks one is skipped and counted, never stored as it came (no 1e300 amounts, no 2024-02-30).
import type { AccountBase, Transaction } from 'plaid';
import type { AccountInput } from '../repositories/bank-repo';
import type { TxInput } from '../repositories/transactions-repo';
import { isStorableText } from '../lib/text';
import { BANK_AMOUNT_MAX, dateProblem } from '../../src/domain/money-rules';

const ID_MAX = 100;
const id = (v: unknown): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= ID_MAX && isStorableText(v);
const text = (v: unknown): v is string => typeof v === 'string' && isStorableText(v);
const optText = (v: unknown, max: number): string | null =>
  text(v) && v.trim() !== '' ? v.slice(0, max) : null;
const currency = (v: unknown): string | null | false =>
  v === null || v === undefined ? null : typeof v === 'string' && /^[A-Z]{3}$/.test(v) ? v : false;
const money = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= BANK_AMOUNT_MAX;
const cents = (n: number) => Math.round(n * 100);

/** Why a transaction cannot be stored, or null. `latestDay` is the last acceptable date. */
function txProblem(t: Transaction, latestDay: string): string | null {
  if (!id(t.transaction_id) || !id(t.account_id)) return 'id';
  if (t.pending_transaction_id != null && !id(t.pending_transaction_id)) return 'id';
  if (!money(t.amount)) return 'amount';
  if (typeof t.date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(t.date) || dateProblem(t.date, latestDay))
    return 'date';
  if (currency(t.iso_currency_code) === false) return 'currency';
  if (!text(t.name ?? '') || (t.merchant_name != null && !text(t.merchant_name))) return 'text';
  return null;
}

/** The row to store, or the rule it breaks. */
export function toTxInput(t: Transaction, latestDay: string): TxInput | { problem: string } {
  const problem = txProblem(t, latestDay);
  if (problem) return { problem };
  const labels = Array.isArray(t.category) ? t.category.filter(text).map((c) => c.slice(0, 100)) : [];
  return {
    plaid_id: t.transaction_id,
    account_id: t.account_id,
    name: (optText(t.name, 300) ?? optText(t.merchant_name, 300) ?? 'Transaction').slice(0, 300),
    merchant_name: optText(t.merchant_name, 300),
    amount_cents: cents(t.amount),
    iso_currency_code: currency(t.iso_currency_code) || null,
    date: t.date,
    category: labels.length ? JSON.stringify(labels) : null,
    pfc_primary: optText(t.personal_finance_category?.primary, 100),
    pending: Boolean(t.pending),
    pending_transaction_id: t.pending_transaction_id ?? null,
  };
}

/** Removed transaction ids worth looking up (anything else cannot be one of ours). */
export const validRemovedIds = (ids: (string | null | undefined)[]): string[] => ids.filter(id);

/** The account to store, or null when its id or type is unusable. Bad balances become unknown. */
export function toAccountInput(a: AccountBase): AccountInput | null {
  if (!id(a.account_id) || !text(String(a.type ?? ''))) return null;
  const balance = (n: number | null | undefined) => (money(n) ? cents(n) : null);
  return {
    account_id: a.account_id,
    name: optText(a.name, 200) ?? 'Account',
    official_name: optText(a.official_name, 200),
    mask: optText(a.mask, 10),
    type: String(a.type).slice(0, 40),
    subtype: a.subtype ? optText(String(a.subtype), 60) : null,
    current_balance_cents: balance(a.balances?.current),
    available_balance_cents: balance(a.balances?.available),
    iso_currency_code: currency(a.balances?.iso_currency_code) || null,
  };
}
