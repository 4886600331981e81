// /transactions/sync over generated data. An Item's transactions at any moment are a pure
// function of a small "data state" (version, time horizon, custom transactions included), so
// a cursor only has to carry the state the client already has: each sync diffs the snapshot
// at the cursor's state against the snapshot now, and pages through the difference.
import type { RemovedTransaction, Transaction } from 'plaid';
import { generateAccounts, generateTransactions } from './data';
import { invalidField } from './errors';
import type { ItemRow, SandboxStore } from './store';
import { customTransaction } from './transaction-shape';

export interface DataState {
  /** 0 = initial history, 1 = after the evolution (see data.ts). */
  v: number;
  /** Time horizon (epoch ms): scheduled transactions up to here have happened. */
  t: number;
  /** Custom transactions with an id up to here are included. */
  c: number;
}

interface Cursor {
  /** The Item the cursor belongs to. */
  i: string;
  /** What the client already has; null = nothing yet. */
  s: DataState | null;
  /** While paging: the state being paged towards, and how far the pages got. */
  to?: DataState;
  o?: number;
}

const encode = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');

const isState = (x: unknown): x is DataState =>
  typeof x === 'object' &&
  x !== null &&
  [(x as DataState).v, (x as DataState).t, (x as DataState).c].every(
    (n) => Number.isSafeInteger(n) && n >= 0,
  );

function decode(raw: string | undefined, itemId: string): Cursor {
  if (!raw) return { i: itemId, s: null };
  let c: Partial<Cursor>;
  try {
    c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw invalidField('cursor is not a valid cursor');
  }
  const paging = c.to !== undefined || c.o !== undefined;
  const valid =
    typeof c === 'object' &&
    c !== null &&
    (c.s === null || isState(c.s)) &&
    (!paging || (isState(c.to) && Number.isSafeInteger(c.o) && (c.o ?? -1) >= 0));
  if (!valid) throw invalidField('cursor is not a valid cursor');
  if (c.i !== itemId) throw invalidField('cursor does not belong to the Item of this access_token');
  return c as Cursor;
}

/** The Item's chosen accounts, in Plaid's order. */
export function itemAccounts(item: ItemRow) {
  const all = generateAccounts(item.item_id);
  return item.account_ids ? all.filter((a) => item.account_ids?.includes(a.account_id)) : all;
}

async function snapshot(
  store: SandboxStore,
  item: ItemRow,
  s: DataState | null,
): Promise<Map<string, Transaction>> {
  const out = new Map<string, Transaction>();
  if (!s) return out;
  const generated = generateTransactions({
    seed: item.item_id,
    createdAt: item.created_at,
    until: s.t,
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

export async function syncTransactions(
  store: SandboxStore,
  item: ItemRow,
  rawCursor: string | undefined,
  count: number,
  now: number,
  includeOriginalDescription: boolean,
): Promise<SyncPage> {
  const cursor = decode(rawCursor, item.item_id);
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
  const changes = diff(await snapshot(store, item, cursor.s), await snapshot(store, item, to));
  const page = changes.slice(offset, offset + count);
  const hasMore = offset + count < changes.length;
  const strip = (t: Transaction): Transaction =>
    includeOriginalDescription ? t : { ...t, original_description: null };
  return {
    added: page.flatMap((c) => (c.kind === 'added' ? [strip(c.tx)] : [])),
    modified: page.flatMap((c) => (c.kind === 'modified' ? [strip(c.tx)] : [])),
    removed: page.flatMap((c) => (c.kind === 'removed' ? [c.tx] : [])),
    has_more: hasMore,
    next_cursor: encode(
      hasMore ? { i: item.item_id, s: cursor.s, to, o: offset + count } : { i: item.item_id, s: to },
    ),
  };
}
