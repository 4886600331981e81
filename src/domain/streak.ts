// The login streak the status bar shows: how many calendar days in a row the user signed in,
// counted back from their last sign-in while that was today or yesterday (a streak lasts until a
// whole day passes without one). Pure, with the clock injected.
import { dayNumber, localDateKey } from './dates';

/**
 * Consecutive login days ending at the latest login on or before `now`'s local day, or 0 when
 * that latest login is older than yesterday. Invalid keys, duplicates and days after today (a
 * clock moved backwards) are ignored.
 */
export function loginStreak(dates: readonly string[], now: Date): number {
  const today = dayNumber(localDateKey(now));
  if (today === null) return 0;
  const days = new Set<number>();
  for (const d of dates) {
    const n = dayNumber(d);
    if (n !== null && n <= today) days.add(n);
  }
  let last = days.has(today) ? today : today - 1;
  if (!days.has(last)) return 0;
  let run = 0;
  while (days.has(last)) {
    run += 1;
    last -= 1;
  }
  return run;
}
