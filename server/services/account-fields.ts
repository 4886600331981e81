// The one way an account row becomes what the API and the data export show: its id, names, type,
// balances in dollars and where it came from (a linked bank, or a statement import: issue 29).
import type { AccountRow } from '../repositories/bank-repo';

type AccountColumns = Omit<AccountRow, 'id' | 'user_id' | 'institution_name' | 'imported_from'>;

/** Cents as stored (a string from some PostgreSQL drivers) to dollars; null stays null. */
const dollars = (cents: number | string | null): number | null =>
  cents === null ? null : Number(cents) / 100;

export function accountFields(a: AccountColumns) {
  return {
    id: a.account_id,
    name: a.name,
    officialName: a.official_name,
    mask: a.mask,
    type: a.type,
    subtype: a.subtype,
    currentBalance: dollars(a.current_balance_cents),
    availableBalance: dollars(a.available_balance_cents),
    source: a.item_row_id === null ? ('import' as const) : ('plaid' as const),
  };
}
