// The API shape of a persisted transaction, with the spec's field names.
import type { TxRow } from '../repositories/transactions-repo';

export interface ApiTransaction {
  id: number;
  plaidId: string;
  account_id: string;
  name: string;
  merchant_name: string | null;
  amount: number;
  iso_currency_code: string | null;
  date: string;
  category: string[];
  personal_finance_category: string | null;
  budget_category: string | null;
  pending: boolean;
}

export function parseCategory(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function toApiTransaction(r: TxRow): ApiTransaction {
  return {
    id: r.id,
    plaidId: r.plaid_id,
    account_id: r.account_id,
    name: r.name,
    merchant_name: r.merchant_name,
    amount: Number(r.amount_cents) / 100,
    iso_currency_code: r.iso_currency_code,
    date: r.date,
    category: parseCategory(r.category),
    personal_finance_category: r.pfc_primary,
    budget_category: r.budget_category,
    pending: Boolean(r.pending),
  };
}
