// The load mix: 100 concurrent clients, each with one request in flight at a time, each keeping
// its own record of what the server acknowledged so it can be checked afterwards.
//  - manual clients create (uniquely named) and delete manual expenses and read the list;
//  - label clients sync their bank once, then relabel transactions and read them back;
//  - bank pairs share one user: one syncs over and over, the other resets, disconnects and
//    relinks, and relabels at the same time, so resets and disconnects race syncs.
import { randomBytes } from 'node:crypto';
import type { Fetcher } from '../http';
import {
  linkSandboxBank,
  registerUser,
  sandboxKeysFromEnv,
  syncUntilReady,
  uniqueEmail,
  type SyncedTransaction,
} from '../accounts';

export interface Stats {
  requests: number;
  byStatus: Record<string, number>;
  /** Up to 20 examples of 5xx answers (method, path, body). */
  serverErrors: string[];
  /** Requests that got no answer (connection refused or reset: the crash test's kill). */
  unanswered: number;
}

export interface ManualRecord {
  token: string;
  /** name -> cents, acknowledged (201) and not deleted since. */
  acked: Map<string, { id: number; cents: number }>;
  /** Names created or deleted without an answer: may be there or not, never twice. */
  uncertain: Set<string>;
  deletedIds: Set<number>;
}

export interface LabelRecord {
  token: string;
  /** plaidId -> last acknowledged budget_category. */
  labels: Map<string, string>;
  uncertain: Set<string>;
}

export interface BankPair {
  token: string;
}

export interface Population {
  manual: ManualRecord[];
  label: LabelRecord[];
  pairs: BankPair[];
}

/** Links the shared sandbox bank for `token` (tests/support/accounts.ts), with the server's keys. */
const linkBank = (call: Fetcher, env: NodeJS.ProcessEnv, token: string) =>
  linkSandboxBank(call, token, sandboxKeysFromEnv(env));
const register = async (call: Fetcher) => (await registerUser(call, { email: uniqueEmail('load') })).token;
type Tx = SyncedTransaction;

export async function populate(call: Fetcher, env: NodeJS.ProcessEnv, clients = 100): Promise<Population> {
  const pairCount = Math.round(clients * 0.15);
  const labelCount = Math.round(clients * 0.1);
  const manualCount = clients - 2 * pairCount - labelCount;
  const tokens = await Promise.all(
    Array.from({ length: manualCount + labelCount + pairCount }, () => register(call)),
  );
  const manual = tokens.slice(0, manualCount).map((token) => ({
    token,
    acked: new Map<string, { id: number; cents: number }>(),
    uncertain: new Set<string>(),
    deletedIds: new Set<number>(),
  }));
  const banked = tokens.slice(manualCount);
  for (const t of banked) await linkBank(call, env, t);
  const label = banked.slice(0, labelCount).map((token) => ({
    token,
    labels: new Map<string, string>(),
    uncertain: new Set<string>(),
  }));
  return { manual, label, pairs: banked.slice(labelCount).map((token) => ({ token })) };
}

const LABELS = ['Need', 'Want', 'Savings', 'Income', 'uncategorized'];
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];

/** Runs every client until `until()` says stop; returns what the server answered. */
export async function runLoad(call: Fetcher, env: NodeJS.ProcessEnv, pop: Population, until: () => boolean) {
  const stats: Stats = { requests: 0, byStatus: {}, serverErrors: [], unanswered: 0 };
  // One request, counted; undefined when it got no answer.
  const send = async (method: string, path: string, body: unknown, token: string) => {
    stats.requests++;
    try {
      const r = await call(method, path, body, token);
      stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
      if (r.status >= 500 && stats.serverErrors.length < 20)
        stats.serverErrors.push(`${method} ${path} ${r.status} ${JSON.stringify(r.body)}`);
      return r;
    } catch {
      stats.unanswered++;
      return undefined;
    }
  };

  let seq = 0;
  const manualClient = async (m: ManualRecord) => {
    while (!until()) {
      const roll = Math.random();
      if (roll < 0.55 || m.acked.size === 0) {
        const name = `load ${++seq} ${randomBytes(3).toString('hex')}`;
        const cents = 1 + Math.floor(Math.random() * 99_999);
        const r = await send('POST', '/api/transactions/manual', { amount: cents / 100, name }, m.token);
        if (r?.status === 201) m.acked.set(name, { id: (r.body as { id: number }).id, cents });
        else if (!r) m.uncertain.add(name);
      } else if (roll < 0.8) {
        const [name, row] = pick([...m.acked.entries()]);
        const r = await send('DELETE', `/api/transactions/manual/${row.id}`, undefined, m.token);
        if (r?.status === 200) {
          m.acked.delete(name);
          m.deletedIds.add(row.id);
        } else if (!r) {
          m.acked.delete(name);
          m.uncertain.add(name);
        }
      } else await send('GET', '/api/transactions/manual', undefined, m.token);
    }
  };

  const labelClient = async (l: LabelRecord) => {
    let ids: string[];
    try {
      ids = (await syncUntilReady(call, l.token)).map((t) => t.plaidId);
    } catch {
      stats.unanswered++; // the crash test killed the server before the first sync
      return;
    }
    while (!until()) {
      if (Math.random() < 0.7) {
        const batch = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => ({
          plaidId: pick(ids),
          budget_category: pick(LABELS),
        }));
        const r = await send(
          'POST',
          '/api/plaid/update-transaction-categories',
          { categories: batch },
          l.token,
        );
        if (r?.status === 200) for (const b of batch) l.labels.set(b.plaidId, b.budget_category);
        else for (const b of batch) l.uncertain.add(b.plaidId);
      } else await send('GET', pick(['/api/plaid/transactions', '/api/plaid/accounts']), undefined, l.token);
    }
  };

  const syncer = async (p: BankPair) => {
    while (!until()) await send('GET', '/api/plaid/fetch-transactions', undefined, p.token);
  };
  const disrupter = async (p: BankPair) => {
    while (!until()) {
      const roll = Math.random();
      if (roll < 0.3) await send('POST', '/api/plaid/reset-transactions', {}, p.token);
      else if (roll < 0.45) {
        const r = await send('POST', '/api/plaid/disconnect', {}, p.token);
        if (r?.status === 200 && !until()) {
          try {
            await linkBank(
              async (...a) => {
                const res = await send(...(a as [string, string, unknown, string]));
                if (!res) throw new Error('no answer');
                return res;
              },
              env,
              p.token,
            );
          } catch {
            /* a crash mid-link: the final check relinks */
          }
        }
      } else if (roll < 0.7) {
        const r = await send('GET', '/api/plaid/transactions', undefined, p.token);
        const txs = r?.status === 200 ? (r.body as Tx[] | { transactions: Tx[] }) : [];
        const list = Array.isArray(txs) ? txs : txs.transactions;
        if (list.length)
          await send(
            'POST',
            '/api/plaid/update-transaction-categories',
            { categories: [{ plaidId: pick(list).plaidId, budget_category: pick(LABELS) }] },
            p.token,
          );
      } else await send('GET', '/api/plaid/accounts', undefined, p.token);
    }
  };

  await Promise.all([
    ...pop.manual.map(manualClient),
    ...pop.label.map(labelClient),
    ...pop.pairs.flatMap((p) => [syncer(p), disrupter(p)]),
  ]);
  return stats;
}

interface ManualRow {
  id: number;
  name: string;
  amount: number;
}

/**
 * Everything the clients were told is stored, read back: returns a list of problems (empty when
 * every acknowledged write is there exactly once) and the figures checked.
 */
export async function verify(call: Fetcher, env: NodeJS.ProcessEnv, pop: Population) {
  const problems: string[] = [];
  let writes = 0;
  for (const m of pop.manual) {
    const r = await call('GET', '/api/transactions/manual', undefined, m.token);
    const rows = r.body as ManualRow[];
    const byName = new Map<string, ManualRow[]>();
    for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
    let expectedCents = 0;
    for (const [name, want] of m.acked) {
      writes++;
      expectedCents += want.cents;
      const got = byName.get(name) ?? [];
      if (got.length !== 1) problems.push(`manual "${name}" stored ${got.length} times`);
      else if (Math.round(got[0].amount * 100) !== want.cents)
        problems.push(`manual "${name}" amount changed`);
    }
    let uncertainCents = 0;
    for (const name of m.uncertain) {
      const got = byName.get(name) ?? [];
      if (got.length > 1) problems.push(`unanswered manual "${name}" stored ${got.length} times`);
      for (const g of got) uncertainCents += Math.round(g.amount * 100);
    }
    for (const row of rows) {
      if (m.deletedIds.has(row.id)) problems.push(`deleted manual ${row.id} is back`);
      if (!m.acked.has(row.name) && !m.uncertain.has(row.name)) problems.push(`unknown manual "${row.name}"`);
    }
    const total = rows.reduce((s, row) => s + Math.round(row.amount * 100), 0);
    if (total - uncertainCents !== expectedCents) problems.push(`manual sum ${total} != ${expectedCents}`);
  }
  for (const l of pop.label) {
    const txs = (await call('GET', '/api/plaid/transactions', undefined, l.token)).body as Tx[];
    problems.push(...duplicates(txs));
    const byId = new Map(txs.map((t) => [t.plaidId, t]));
    for (const [id, label] of l.labels) {
      if (l.uncertain.has(id)) continue;
      writes++;
      const got = byId.get(id)?.budget_category ?? null;
      if (got !== (label === 'uncategorized' ? null : label))
        problems.push(`label of ${id}: ${got} != ${label}`);
    }
  }
  for (const p of pop.pairs) {
    // Whatever the race left (linked, unlinked, reset), a link if needed and two syncs settle it.
    if (((await call('GET', '/api/plaid/accounts', undefined, p.token)).body as unknown[]).length === 0)
      await linkBank(call, env, p.token);
    // The sandbox's bank posts, modifies and removes transactions as time passes, so counts may
    // move between syncs; what must never happen is one transaction listed twice.
    problems.push(...duplicates(await syncUntilReady(call, p.token)));
    problems.push(...duplicates(await syncUntilReady(call, p.token)));
  }
  return { problems, writes };
}

function duplicates(txs: Tx[]) {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const t of txs) {
    if (seen.has(t.plaidId)) out.push(`transaction ${t.plaidId} listed twice`);
    seen.add(t.plaidId);
  }
  return out;
}
