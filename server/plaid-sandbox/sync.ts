// /transactions/sync over generated data. An Item's transactions at any moment are a pure
// function of a small "data state" (version, time horizon, custom transactions included), so
// a cursor only has to carry the state the client already has: each sync diffs the snapshot
// at the cursor's state against the snapshot now, and pages through the difference. Cursors are
// signed (cursor.ts) and history is bounded (data.ts), so a sync's work never depends on a
// number the client chose.
import type { RemovedTransaction, Transaction } from 'plaid';
import type { CursorCodec, DataState } from './cursor';
import { generateAccounts, generateTransactions, historyStart } from './data';
import { changedAccounts, detectStreams, type DetectedStreams } from './recurring';
import type { ItemRow, SandboxStore } from './store';
import { customTransaction } from './transaction-shape';

/** The Item's chosen accounts, in Plaid's order. */
export function itemAccounts(item: ItemRow) {
  const all = generateAccounts(item.item_id);
  return item.account_ids ? all.filter((a) => item.account_ids?.includes(a.account_id)) : all;
}

/** The Item's transactions at state `s`, from `since` on (the same bound for both sides of a diff). */
async function snapshot(
  store: SandboxStore,
  item: ItemRow,
  s: DataState | null,
  since: number,
): Promise<Map<string, Transaction>> {
  const out = new Map<string, Transaction>();
  if (!s) return out;
  const generated = generateTransactions({
    seed: item.item_id,
    createdAt: item.created_at,
    until: s.t,
    since,
    version: s.v,
    accountIds: item.account_ids,
  });
  for (const t of generated) out.set(t.transaction_id, t);
  if (s.c > 0) {
    const accounts = itemAccounts(item);
    // Like Plaid's sandbox, custom transactions land on the first depository account.
    const target = (accounts.find((a) => a.type === 'depository') ?? accounts[0])?.account_id;
    for (const row of await store.listCustomTransactions(item.item_id, s.c)) {
      if (!target) break;
      const t = customTransaction({ ...row, amount: row.amount_cents / 100 }, target);
      out.set(t.transaction_id, t);
    }
  }
  return out;
}

/** The Item's transactions now: its data version, the time passed and every custom row. */
export async function currentTransactions(
  store: SandboxStore,
  item: ItemRow,
  now: number,
): Promise<Transaction[]> {
  const t = Math.max(now, item.created_at);
  const state = { v: item.version, t, c: await store.maxCustomTransactionId(item.item_id) };
  return [...(await snapshot(store, item, state, historyStart(item.created_at, t))).values()];
}

/** The Item's recurring streams in `transactions` as of `now`, on `accounts` (default: all chosen). */
export function itemStreams(
  item: ItemRow,
  transactions: Iterable<Transaction>,
  now: number,
  accounts = itemAccounts(item),
): DetectedStreams {
  return detectStreams({ itemId: item.item_id, transactions: [...transactions], accounts, now });
}

const byDate = (a: Transaction, b: Transaction) =>
  a.date.localeCompare(b.date) || a.transaction_id.localeCompare(b.transaction_id);

type Change = { kind: 'added' | 'modified'; tx: Transaction } | { kind: 'removed'; tx: RemovedTransaction };

function diff(before: Map<string, Transaction>, after: Map<string, Transaction>): Change[] {
  const added: Transaction[] = [];
  const modified: Transaction[] = [];
  const removed: RemovedTransaction[] = [];
  for (const [id, tx] of after) {
    const old = before.get(id);
    if (!old) added.push(tx);
    else if (JSON.stringify(old) !== JSON.stringify(tx)) modified.push(tx);
  }
  for (const [id, tx] of before)
    if (!after.has(id)) removed.push({ transaction_id: id, account_id: tx.account_id });
  removed.sort((a, b) => a.transaction_id.localeCompare(b.transaction_id));
  return [
    ...added.sort(byDate).map((tx) => ({ kind: 'added' as const, tx })),
    ...modified.sort(byDate).map((tx) => ({ kind: 'modified' as const, tx })),
    ...removed.map((tx) => ({ kind: 'removed' as const, tx })),
  ];
}

export interface SyncPage {
  added: Transaction[];
  modified: Transaction[];
  removed: RemovedTransaction[];
  next_cursor: string;
  has_more: boolean;
}

export interface SyncResult {
  page: SyncPage;
  /**
   * When asked for, on the first page of new data: the accounts whose recurring streams differ
   * between the data the client had and the data it is given now (empty when none do).
   */
  recurringChanged: string[];
}

export async function syncTransactions(
  store: SandboxStore,
  cursors: CursorCodec,
  item: ItemRow,
  rawCursor: string | undefined,
  count: number,
  now: number,
  includeOriginalDescription: boolean,
  watchRecurring = false,
): Promise<SyncResult> {
  const cursor = cursors.decode(rawCursor, item.item_id);
  let to = cursor.to;
  const offset = cursor.o ?? 0;
  if (!to) {
    let version = item.version;
    // The sync after a complete first sync is the one that brings the evolution.
    if (cursor.s && version === 0) {
      await store.advanceVersion(item.item_id, 0, 1);
      version = 1;
    }
    const s = cursor.s;
    to = {
      v: Math.max(version, s?.v ?? 0),
      t: Math.max(now, item.created_at, s?.t ?? 0),
      c: Math.max(await store.maxCustomTransactionId(item.item_id), s?.c ?? 0),
    };
  }
  // Transactions that aged out of the history window are left alone, not reported as removed.
  const since = historyStart(item.created_at, to.t);
  const before = await snapshot(store, item, cursor.s, since);
  const after = await snapshot(store, item, to, since);
  const changes = diff(before, after);
  // New data (not a later page of it) may change the streams: Plaid then says so by webhook.
  const recurringChanged =
    watchRecurring && !cursor.to
      ? changedAccounts(
          itemStreams(item, before.values(), cursor.s?.t ?? to.t),
          itemStreams(item, after.values(), to.t),
        )
      : [];
  const page = changes.slice(offset, offset + count);
  const hasMore = offset + count < changes.length;
  const strip = (t: Transaction): Transaction =>
    includeOriginalDescription ? t : { ...t, original_description: null };
  const result: SyncPage = {
    added: page.flatMap((c) => (c.kind === 'added' ? [strip(c.tx)] : [])),
    modified: page.flatMap((c) => (c.kind === 'modified' ? [strip(c.tx)] : [])),
    removed: page.flatMap((c) => (c.kind === 'removed' ? [c.tx] : [])),
    has_more: hasMore,
    next_cursor: cursors.encode(
      hasMore ? { i: item.item_id, s: cursor.s, to, o: offset + count } : { i: item.item_id, s: to },
    ),
  };
  return { page: result, recurringChanged };
}
