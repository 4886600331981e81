// Money and dates for display, in US English and US dollars.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dateFmt = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

export const formatMoney = (n: number) => usd.format(n);

/**
 * A bank amount with its sign for the reader: Plaid's positive amounts are money out, shown as
 * "−$12.34"; negative amounts are money in, shown as "+$1,500.00".
 */
export function formatSignedAmount(amount: number): { text: string; direction: 'expense' | 'income' } {
  if (amount < 0) return { text: `+${usd.format(-amount)}`, direction: 'income' };
  return { text: `\u2212${usd.format(amount)}`, direction: 'expense' };
}

/** A YYYY-MM-DD date (or an ISO timestamp) as "Jan 5, 2026", without shifting the day. */
export function formatDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(day.getTime())) return value;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dateFmt.format(day);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(day);
}
