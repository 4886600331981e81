// Calendar-day keys for the usage and login histories, in the user's own time zone.

/** 'YYYY-MM-DD' of `date` in local time (not UTC: late evening must count as that day). */
export function localDateKey(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Days since 1970-01-01 for a valid 'YYYY-MM-DD' key, else null. Counting in UTC makes every
 * calendar day exactly one apart, whatever daylight-saving change happened locally.
 */
export function dayNumber(key: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return null;
  const [y, m, d] = key.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return Math.round(t.getTime() / 86_400_000);
}

/** `list` plus the day of `date` (once), sorted, keeping only the last `keep` days. */
export function recordDate(list: readonly string[], date: Date, keep: number): string[] {
  const all = new Set(list.filter((k) => dayNumber(k) !== null));
  all.add(localDateKey(date));
  // slice(-0) would keep everything, so a non-positive `keep` is handled apart.
  return keep > 0 ? [...all].sort().slice(-keep) : [];
}
