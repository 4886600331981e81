// The recurring streams of /transactions/recurring/get (issue 28), checked like every other bank
// answer before they are stored: a stream that breaks a rule is skipped, never stored as it came.
import type { TransactionStream } from 'plaid';
import type { StreamInput } from '../repositories/bills-repo';
import { isStorableText } from '../lib/text';
import { BANK_AMOUNT_MAX } from '../../src/domain/money-rules';
import { dayNumber } from '../../src/domain/dates';
import {
  STREAM_FREQUENCIES,
  STREAM_STATUSES,
  type StreamFrequency,
  type StreamStatus,
} from '../../src/domain/bills';

/** Streams kept per item (Plaid's own lists are a few dozen). */
export const STREAMS_PER_ITEM_MAX = 200;
/** Transaction ids kept per stream (the newest): enough to find the stream's own labels. */
export const STREAM_TX_IDS_KEPT = 50;
export const STREAM_ID_MAX = 128;

const id = (v: unknown, max = 100): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max && isStorableText(v);
const optText = (v: unknown, max: number): string | null =>
  typeof v === 'string' && isStorableText(v) && v.trim() !== '' ? v.trim().slice(0, max) : null;
const day = (v: unknown): v is string =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayNumber(v) !== null;
const cents = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= BANK_AMOUNT_MAX
    ? Math.round(Math.abs(v) * 100)
    : null;

/** The row to store for one stream of `accountIds`, or null when it breaks a rule. */
export function toStreamInput(
  s: TransactionStream,
  direction: 'inflow' | 'outflow',
  accountIds: ReadonlySet<string>,
): StreamInput | null {
  if (!s || typeof s !== 'object') return null;
  if (!id(s.stream_id, STREAM_ID_MAX) || !id(s.account_id) || !accountIds.has(s.account_id)) return null;
  if (!day(s.first_date) || !day(s.last_date)) return null;
  const predicted =
    s.predicted_next_date == null ? null : day(s.predicted_next_date) ? s.predicted_next_date : null;
  const average = cents(s.average_amount?.amount);
  const last = cents(s.last_amount?.amount);
  if (average === null || last === null) return null;
  const description = optText(s.description, 300) ?? optText(s.merchant_name, 300);
  if (description === null) return null;
  const frequency: StreamFrequency = (STREAM_FREQUENCIES as readonly string[]).includes(s.frequency)
    ? (s.frequency as StreamFrequency)
    : 'UNKNOWN';
  const status: StreamStatus = (STREAM_STATUSES as readonly string[]).includes(s.status)
    ? (s.status as StreamStatus)
    : 'EARLY_DETECTION';
  const txIds = Array.isArray(s.transaction_ids) ? s.transaction_ids.filter((t) => id(t)) : [];
  return {
    stream_id: s.stream_id,
    account_id: s.account_id,
    direction,
    merchant_name: optText(s.merchant_name, 300),
    description,
    frequency,
    average_amount_cents: average,
    last_amount_cents: last,
    first_date: s.first_date,
    last_date: s.last_date,
    predicted_next_date: predicted,
    status,
    is_active: s.is_active === true,
    pfc_primary: optText(s.personal_finance_category?.primary, 100),
    transaction_ids: JSON.stringify(txIds.slice(-STREAM_TX_IDS_KEPT)),
  };
}

/** Every storable stream of one answer, at most STREAMS_PER_ITEM_MAX, each stream id once. */
export function toStreamInputs(
  data: { inflow_streams?: TransactionStream[]; outflow_streams?: TransactionStream[] },
  accountIds: ReadonlySet<string>,
): { streams: StreamInput[]; skipped: number } {
  const out = new Map<string, StreamInput>();
  let skipped = 0;
  for (const [list, direction] of [
    [data.outflow_streams, 'outflow'],
    [data.inflow_streams, 'inflow'],
  ] as const) {
    for (const s of Array.isArray(list) ? list : []) {
      const row = toStreamInput(s, direction, accountIds);
      if (!row || out.has(row.stream_id) || out.size >= STREAMS_PER_ITEM_MAX) skipped++;
      else out.set(row.stream_id, row);
    }
  }
  return { streams: [...out.values()], skipped };
}

/** The merchant key a stream's charges are matched on: its merchant, else its description, lower-cased. */
export const merchantKey = (s: { merchant_name: string | null; description: string }) =>
  (s.merchant_name ?? s.description).toLowerCase();
