// Recurring transaction streams (issue 28): what /transactions/recurring/get answers, detected
// from an Item's own posted transactions the way Plaid describes its streams. Pure and
// deterministic: the same transactions and the same "now" always give the same streams.
//
// The rules (documented in the README too):
// - Posted transactions only (pending ones are ignored), grouped by account, direction (the
//   amount's sign: negative is money in), currency and merchant (`merchant_name`, else the
//   transaction's name lowercased with digits and punctuation dropped). Inflow streams are kept
//   on depository accounts only, as Plaid's are ("an array of depository transaction streams").
// - A group is split into amount bands: a band holds amounts within AMOUNT_TOLERANCE (35%) of
//   the band's median, so a price rise or a utility bill that varies stays one stream while a
//   $10 subscription and a $120 purchase at the same merchant do not mix. Transfers between own
//   accounts, card and loan payments and interest (FLEXIBLE_AMOUNTS) are one band whatever
//   their amounts: their amounts are chosen each time, their schedule is what recurs.
// - A band is a stream when its dates keep a cadence: the median interval picks the frequency
//   (WEEKLY 6-8 days, BIWEEKLY 13-15, SEMI_MONTHLY twice a month around the 1st and 15th or
//   the 15th and the month's end with 13-18 days between, MONTHLY 27-33, ANNUALLY 350-380);
//   every interval of a run of up to four dates, and two in three of a longer run, must fall in
//   that frequency's range. Five or more dates at an even interval (within 15%) that fits none
//   of these make an UNKNOWN stream, with no predicted date. Two dates are enough for an early
//   stream when their amounts are within PAIR_TOLERANCE (10%) of each other.
//   A band crowded by more of the merchant's other transactions than its own over its span is
//   not a stream (grocery runs at one shop whose amounts happen to fall close together).
// - Status: MATURE from 3 transactions (2 for ANNUALLY), as Plaid's description says;
//   EARLY_DETECTION before. When the predicted date has passed by more than the frequency's
//   grace period (GRACE_DAYS) with no new transaction, the stream is TOMBSTONED and
//   `is_active` is false.
import {
  RecurringTransactionFrequency as Frequency,
  TransactionStreamStatus as Status,
  type AccountBase,
  type Transaction,
  type TransactionStream,
} from 'plaid';
import { stableId } from './ids';
import { cents } from './transaction-shape';

const DAY = 86_400_000;

/** A band holds amounts within this share of its median. */
export const AMOUNT_TOLERANCE = 0.35;
/** A stream of only two transactions needs amounts this close (a lucky pair of visits is not one). */
export const PAIR_TOLERANCE = 0.1;

/** Days past the predicted date before a missing transaction stops the stream. */
export const GRACE_DAYS: Record<Frequency, number> = {
  [Frequency.Weekly]: 3,
  [Frequency.Biweekly]: 5,
  [Frequency.SemiMonthly]: 5,
  [Frequency.Monthly]: 7,
  [Frequency.Annually]: 30,
  [Frequency.Unknown]: 7,
};

/** Categories whose amounts vary by choice: their streams are not split by amount. */
const FLEXIBLE_PRIMARY = new Set(['TRANSFER_IN', 'TRANSFER_OUT', 'LOAN_PAYMENTS']);
const FLEXIBLE_DETAILED = new Set(['INCOME_INTEREST_EARNED']);

/** Interval ranges (days) of the frequencies with a fixed step. */
const RANGES: { frequency: Frequency; min: number; max: number }[] = [
  { frequency: Frequency.Weekly, min: 6, max: 8 },
  { frequency: Frequency.Biweekly, min: 13, max: 15 },
  { frequency: Frequency.Monthly, min: 27, max: 33 },
  { frequency: Frequency.Annually, min: 350, max: 380 },
];
const SEMI_MONTHLY_RANGE = { min: 13, max: 18 };

export interface DetectInput {
  itemId: string;
  /** The Item's transactions (pending ones are ignored). */
  transactions: readonly Transaction[];
  /** The accounts the streams may belong to; transactions on others are ignored. */
  accounts: readonly AccountBase[];
  /** Epoch ms: decides which streams have stopped. */
  now: number;
}

export interface DetectedStreams {
  inflow: TransactionStream[];
  outflow: TransactionStream[];
}

// ---- dates (YYYY-MM-DD, UTC) ----

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
/** The day `day` of month `m` (0-based, may overflow) of `y`, clamped to the month's length. */
function dateIn(y: number, m: number, day: number): number {
  const first = new Date(Date.UTC(y, m, 1));
  const dim = daysInMonth(first.getUTCFullYear(), first.getUTCMonth());
  return Math.floor(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(day, dim)) / DAY);
}
const parts = (day: number) => {
  const d = new Date(day * DAY);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth(), dom: d.getUTCDate() };
};

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// ---- grouping ----

/** The merchant a transaction is grouped under. */
export function merchantKey(t: Pick<Transaction, 'merchant_name' | 'name'>): string {
  const raw = t.merchant_name ?? t.name ?? '';
  const key = raw
    .toLowerCase()
    .replace(/[^\p{L}&' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return key || 'unknown';
}

const isFlexible = (t: Transaction) =>
  FLEXIBLE_PRIMARY.has(t.personal_finance_category?.primary ?? '') ||
  FLEXIBLE_DETAILED.has(t.personal_finance_category?.detailed ?? '');

const byDate = (a: Transaction, b: Transaction) =>
  a.date.localeCompare(b.date) || a.transaction_id.localeCompare(b.transaction_id);

/** Splits a group into bands of amounts within AMOUNT_TOLERANCE of each band's median. */
export function amountBands<T extends Pick<Transaction, 'amount' | 'transaction_id'>>(
  txs: readonly T[],
): T[][] {
  const sorted = [...txs].sort(
    (a, b) => Math.abs(a.amount) - Math.abs(b.amount) || a.transaction_id.localeCompare(b.transaction_id),
  );
  const bands: T[][] = [];
  let band: T[] = [];
  for (const t of sorted) {
    const next = [...band, t];
    const m = median(next.map((x) => Math.abs(x.amount)));
    const lo = Math.abs(next[0].amount);
    const hi = Math.abs(t.amount);
    if (band.length === 0 || (m - lo <= AMOUNT_TOLERANCE * m && hi - m <= AMOUNT_TOLERANCE * m)) band = next;
    else {
      bands.push(band);
      band = [t];
    }
  }
  if (band.length) bands.push(band);
  return bands;
}

// ---- cadence ----

type Anchor = 1 | 15 | 'end';
const SEMI_PAIRS: [Anchor, Anchor][] = [
  [1, 15],
  [15, 'end'],
];

function near(day: number, anchor: Anchor): boolean {
  const { y, m, dom } = parts(day);
  const dim = daysInMonth(y, m);
  if (anchor === 1) return dom <= 3 || dom >= dim - 1;
  if (anchor === 15) return Math.abs(dom - 15) <= 2;
  return dom >= dim - 3;
}

/** Days from `day` to the nearest date of `anchor` (for the 1st, the month's end counts as before it). */
function distance(day: number, anchor: Anchor): number {
  const { y, m, dom } = parts(day);
  const dim = daysInMonth(y, m);
  if (anchor === 1) return Math.min(dom - 1, dim - dom + 1);
  if (anchor === 15) return Math.abs(dom - 15);
  return dim - dom;
}

/**
 * The pair of days of the month the dates alternate between, if they do; of two that fit (the
 * 31st is near both the month's end and the next 1st), the one the dates sit closer to.
 */
function semiMonthlyPair(days: readonly number[]): [Anchor, Anchor] | null {
  let best: { pair: [Anchor, Anchor]; off: number } | null = null;
  for (const pair of SEMI_PAIRS) {
    const anchors = days.map((d) => (near(d, pair[0]) ? 0 : near(d, pair[1]) ? 1 : -1));
    if (anchors.includes(-1)) continue;
    if (!anchors.every((a, i) => i === 0 || a !== anchors[i - 1])) continue;
    const off = days.reduce((sum, d, i) => sum + distance(d, pair[anchors[i] as 0 | 1]), 0);
    if (!best || off < best.off) best = { pair, off };
  }
  return best?.pair ?? null;
}

export interface Cadence {
  frequency: Frequency;
  /** The next expected date (day number); for UNKNOWN, the last date plus the usual interval. */
  next: number;
  /** True when the next date can be told to the client (not UNKNOWN). */
  predictable: boolean;
}

/**
 * The cadence of sorted day numbers (at least two), or null when they keep none. `lenient`
 * (own-account transfers) lets a one-off extra date sit between two on the cadence.
 */
export function cadenceOf(days: readonly number[], lenient = false): Cadence | null {
  if (days.length < 2) return null;
  const intervals = gaps(days);
  const m = median(intervals);
  const last = days[days.length - 1];

  const pair = semiMonthlyPair(days);
  if (pair && !intervals.every((i) => i === 14) && fits(days, SEMI_MONTHLY_RANGE.min, SEMI_MONTHLY_RANGE.max))
    return { frequency: Frequency.SemiMonthly, next: nextSemiMonthly(last, pair), predictable: true };

  for (const r of RANGES) {
    const kept = fits(days, r.min, r.max, lenient);
    if (kept) return { frequency: r.frequency, next: nextDate(r.frequency, kept), predictable: true };
  }
  // An even cadence Plaid has no name for (every other month, quarterly...).
  if (days.length >= 5 && m >= 3 && intervals.every((i) => Math.abs(i - m) <= 0.15 * m))
    return { frequency: Frequency.Unknown, next: last + Math.round(m), predictable: false };
  return null;
}

const gaps = (days: readonly number[]) => days.slice(1).map((d, i) => d - days[i]);

/**
 * The dates that keep an interval of `min` to `max` days, or null: their median interval must be
 * in the range, and so must every interval of a run of up to four dates and two in three of a
 * longer one. `lenient` first sets aside dates that come too soon after the one before.
 */
function fits(days: readonly number[], min: number, max: number, lenient = false): number[] | null {
  let kept = [...days];
  if (lenient) {
    kept = [];
    for (const d of days) if (!kept.length || d - kept[kept.length - 1] >= min) kept.push(d);
  }
  if (kept.length < 2) return null;
  const intervals = gaps(kept);
  const m = median(intervals);
  if (m < min || m > max) return null;
  const needed = kept.length <= 4 ? intervals.length : Math.ceil((intervals.length * 2) / 3);
  return intervals.filter((i) => i >= min && i <= max).length >= needed ? kept : null;
}

function nextSemiMonthly(last: number, pair: [Anchor, Anchor]): number {
  const { y, m, dom } = parts(last);
  if (pair[0] === 1) {
    if (near(last, 15)) return dateIn(y, m + 1, 1);
    // Around the 1st: the 15th of that month (a date at the end of a month is its next's 1st).
    return dateIn(y, dom <= 3 ? m : m + 1, 15);
  }
  if (near(last, 15)) return dateIn(y, m, 31);
  return dateIn(y, m + 1, 15);
}

function nextDate(frequency: Frequency, days: readonly number[]): number {
  const last = days[days.length - 1];
  const { y, m, dom } = parts(last);
  switch (frequency) {
    case Frequency.Weekly:
      return last + 7;
    case Frequency.Biweekly:
      return last + 14;
    case Frequency.Annually:
      return dateIn(y + 1, m, dom);
    default: {
      // Monthly: the stream's usual day of the month (the latest one's on a tie), a month on.
      const counts = new Map<number, number>();
      for (const d of days) counts.set(parts(d).dom, (counts.get(parts(d).dom) ?? 0) + 1);
      let target = dom;
      for (const [d, n] of counts) if (n > (counts.get(target) ?? 0)) target = d;
      let next = dateIn(y, m + 1, target);
      // A charge made early (the 30th for the 1st) still waits for the next month's date.
      if (next - last < 20) next = dateIn(y, m + 2, target);
      return next;
    }
  }
}

// ---- streams ----

/** The streams of an Item's transactions as of `now`. */
export function detectStreams(input: DetectInput): DetectedStreams {
  const accounts = new Map(input.accounts.map((a) => [a.account_id, a]));
  const groups = new Map<string, Transaction[]>();
  for (const t of input.transactions) {
    const account = accounts.get(t.account_id);
    if (!account || t.pending || !t.amount) continue;
    const inflow = t.amount < 0;
    if (inflow && account.type !== 'depository') continue;
    const key = [t.account_id, inflow ? 'inflow' : 'outflow', t.iso_currency_code ?? '', merchantKey(t)].join(
      '|',
    );
    const list = groups.get(key);
    if (list) list.push(t);
    else groups.set(key, [t]);
  }

  const today = Math.floor(input.now / DAY);
  const out: DetectedStreams = { inflow: [], outflow: [] };
  for (const [key, group] of groups) {
    group.sort(byDate);
    const flexible = isFlexible(group[group.length - 1]);
    const bands = (flexible ? [group] : amountBands(group)).map((b) => {
      const band = [...b].sort(byDate);
      const days = band.map((t) => dayNumber(t.date));
      return { band, days, cadence: cadenceOf(days, flexible) };
    });
    // Transactions of the merchant that keep no cadence of their own.
    const loose = bands.filter((b) => !b.cadence).flatMap((b) => b.band);
    for (const { band, days, cadence } of bands) {
      if (!cadence) continue;
      if (!flexible) {
        if (band.length === 2 && !sameAmount(band[0].amount, band[1].amount)) continue;
        if (crowded(loose, days, cadence.next - days[days.length - 1], band.length)) continue;
      }
      const stream = toStream(
        input.itemId,
        key,
        flexible ? '*' : band[0].transaction_id,
        band,
        cadence,
        today,
      );
      (band[0].amount < 0 ? out.inflow : out.outflow).push(stream);
    }
  }
  const order = (a: TransactionStream, b: TransactionStream) =>
    a.description.localeCompare(b.description, 'en') || a.stream_id.localeCompare(b.stream_id);
  out.inflow.sort(order);
  out.outflow.sort(order);
  return out;
}

/** Two amounts within PAIR_TOLERANCE: all a stream of two has to show it is one. */
const sameAmount = (a: number, b: number) =>
  Math.abs(Math.abs(a) - Math.abs(b)) <= PAIR_TOLERANCE * Math.max(Math.abs(a), Math.abs(b));

/**
 * True when the merchant's loose transactions (in no band with a cadence), from a step before the
 * band's first date on, are too many for the band to be a habit of its own: more than half as
 * many as the band's, or any at all beside a band of two. Random visits to one shop keep coming
 * after a lucky run.
 */
function crowded(loose: readonly Transaction[], days: number[], step: number, size: number) {
  const from = days[0] - step;
  const others = loose.filter((t) => dayNumber(t.date) >= from).length;
  return size <= 2 ? others > 0 : others * 2 > size;
}

function toStream(
  itemId: string,
  groupKey: string,
  bandKey: string,
  band: readonly Transaction[],
  cadence: Cadence,
  today: number,
): TransactionStream {
  const first = band[0];
  const last = band[band.length - 1];
  const n = band.length;
  const mature = n >= (cadence.frequency === Frequency.Annually ? 2 : 3);
  const stopped = today > cadence.next + GRACE_DAYS[cadence.frequency];
  const currency = { iso_currency_code: last.iso_currency_code, unofficial_currency_code: null };
  const total = band.reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
  const [accountId] = groupKey.split('|');
  return {
    account_id: accountId,
    stream_id: stableId(itemId, 'recurring', groupKey, bandKey),
    category: last.category ? [...last.category] : null,
    category_id: last.category_id ?? null,
    description: last.name ?? last.original_description ?? last.merchant_name ?? 'Unknown',
    merchant_name: last.merchant_name ?? null,
    first_date: first.date,
    last_date: last.date,
    predicted_next_date: cadence.predictable ? isoDay(cadence.next) : null,
    frequency: cadence.frequency,
    transaction_ids: band.map((t) => t.transaction_id),
    average_amount: { amount: Math.round(total / n) / 100, ...currency },
    last_amount: { amount: cents(last.amount), ...currency },
    is_active: !stopped,
    status: stopped ? Status.Tombstoned : mature ? Status.Mature : Status.EarlyDetection,
    ...(last.personal_finance_category
      ? {
          personal_finance_category: {
            primary: last.personal_finance_category.primary,
            detailed: last.personal_finance_category.detailed,
            confidence_level: last.personal_finance_category.confidence_level ?? null,
          },
        }
      : {}),
    is_user_modified: false,
  };
}

/** What a client would see change: the streams' fields, per account. */
export function streamDigests(streams: DetectedStreams): Map<string, string> {
  const byAccount = new Map<string, TransactionStream[]>();
  for (const s of [...streams.inflow, ...streams.outflow]) {
    const list = byAccount.get(s.account_id);
    if (list) list.push(s);
    else byAccount.set(s.account_id, [s]);
  }
  return new Map([...byAccount].map(([id, list]) => [id, JSON.stringify(list)]));
}

/** The accounts whose streams differ between two detections, sorted. */
export function changedAccounts(before: DetectedStreams, after: DetectedStreams): string[] {
  const a = streamDigests(before);
  const b = streamDigests(after);
  const ids = new Set([...a.keys(), ...b.keys()]);
  return [...ids].filter((id) => a.get(id) !== b.get(id)).sort();
}
