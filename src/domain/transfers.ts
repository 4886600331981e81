// Money moved between two of the user's own linked accounts (issue 12): Plaid marks the leaving
// side TRANSFER_OUT (a positive amount) and the arriving side TRANSFER_IN (negative). Such a pair
// is neither spending nor income, so lists mark it and the sums leave it out.

/** The most days apart the two sides may post (a transfer between banks takes 1 to 3 days). */
export const TRANSFER_MATCH_DAYS = 3;

export interface TransferCandidate {
  plaidId: string;
  account_id?: string | null;
  amount: number;
  /** YYYY-MM-DD. */
  date: string;
  personal_finance_category?: string | null;
}

const dayNumber = (date: string): number | null => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const t = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(t) ? null : t / 86_400_000;
};
const primary = (t: TransferCandidate) => t.personal_finance_category?.toUpperCase() ?? '';

/**
 * The plaidIds of both sides of every transfer between the user's own accounts: a TRANSFER_OUT
 * and a TRANSFER_IN of the same amount (to the cent), on two different accounts, at most
 * TRANSFER_MATCH_DAYS apart. Each side pairs once, with the nearest date; a side without a
 * partner (money sent to someone else) stays ordinary.
 */
export function findOwnTransfers(txs: readonly TransferCandidate[]): Set<string> {
  const ins = new Map<number, { t: TransferCandidate; day: number }[]>();
  for (const t of txs) {
    const day = dayNumber(t.date);
    if (primary(t) !== 'TRANSFER_IN' || !(t.amount < 0) || !t.account_id || day === null) continue;
    const cents = Math.round(-t.amount * 100);
    ins.set(cents, [...(ins.get(cents) ?? []), { t, day }]);
  }
  const paired = new Set<string>();
  for (const out of txs) {
    const day = dayNumber(out.date);
    if (primary(out) !== 'TRANSFER_OUT' || !(out.amount > 0) || !out.account_id || day === null) continue;
    let best: { t: TransferCandidate; day: number } | null = null;
    for (const cand of ins.get(Math.round(out.amount * 100)) ?? []) {
      const gap = Math.abs(cand.day - day);
      if (paired.has(cand.t.plaidId) || cand.t.account_id === out.account_id) continue;
      if (gap > TRANSFER_MATCH_DAYS) continue;
      if (!best || gap < Math.abs(best.day - day)) best = cand;
    }
    if (best) {
      paired.add(out.plaidId);
      paired.add(best.t.plaidId);
    }
  }
  return paired;
}
