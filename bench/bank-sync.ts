// Suite "bank-sync": a full first sync of a bank item with 10,000 transactions through the app's
// API (GET /api/plaid/fetch-transactions: 20 pages of 500 from the bank, each written in one
// transaction with its cursor, then the whole list answered), then one
// POST /api/plaid/update-transaction-categories relabelling 1,000 of them, while the server
// process's resident memory is read every 20 ms. The server is a process of its own (the app with
// tests/api/stub-plaid.ts as its bank, bench/support/stub-bank-server.ts) on a fresh SQLite file.
import { fetcher } from '../tests/support/http';
import { registerUser, uniqueEmail } from '../tests/support/accounts';
import { sampleRss, startStubBankServer } from './support/server-process';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRANSACTIONS = 10_000;
const UPDATES = 1_000;
const LABELS = ['Need', 'Want', 'Savings', 'Income'] as const;

interface Run {
  syncMs: number;
  updateMs: number;
  peakRssMb: number;
  idleRssMb: number;
}

async function once(): Promise<Run> {
  const server = await startStubBankServer(TRANSACTIONS);
  const rss = sampleRss(server.pid);
  try {
    const call = fetcher(() => server.url);
    const { token } = await registerUser(call, { email: uniqueEmail('sync') });
    const ex = await call(
      'POST',
      '/api/plaid/exchange-token',
      { public_token: 'public-sandbox-stub' },
      token,
    );
    if (ex.status !== 200) throw new Error(`exchange: ${ex.status}`);

    const t0 = performance.now();
    const sync = await call('GET', '/api/plaid/fetch-transactions', undefined, token);
    const syncMs = performance.now() - t0;
    const body = sync.body as { total_transactions: number; transactions: { plaidId: string }[] };
    if (sync.status !== 200 || body.total_transactions !== TRANSACTIONS)
      throw new Error(`sync: ${sync.status}, ${body.total_transactions} transactions`);

    const step = Math.floor(TRANSACTIONS / UPDATES);
    const categories = Array.from({ length: UPDATES }, (_, i) => ({
      plaidId: body.transactions[i * step]!.plaidId,
      budget_category: LABELS[i % LABELS.length],
    }));
    const u0 = performance.now();
    const update = await call('POST', '/api/plaid/update-transaction-categories', { categories }, token);
    const updateMs = performance.now() - u0;
    if (update.status !== 200 || (update.body as { updatedCount: number }).updatedCount !== UPDATES)
      throw new Error(`update: ${update.status} ${JSON.stringify(update.body).slice(0, 200)}`);
    const samples = await rss.stop();
    return {
      syncMs,
      updateMs,
      peakRssMb: Math.max(...samples),
      idleRssMb: samples[0] ?? NaN,
    };
  } finally {
    await rss.stop();
    await server.stop();
  }
}

async function run(): Promise<BenchResult[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  const of = (k: keyof Run) => runs.map((r) => Math.round(r[k]));
  const stub = 'the app in its own process on SQLite, with tests/api/stub-plaid.ts as the bank';
  return [
    {
      id: 'bank-sync:sync-10k',
      what: `Full sync of ${TRANSACTIONS.toLocaleString('en-US')} transactions (GET /api/plaid/fetch-transactions)`,
      unit: 'ms',
      samples: of('syncMs'),
      goal: { op: '<=', value: 3000 },
      note: `${stub}; timed from the request to the whole answer (the 10,000 stored transactions) read`,
    },
    {
      id: 'bank-sync:update-1k',
      what: `${UPDATES.toLocaleString('en-US')} category updates in one update-transaction-categories call`,
      unit: 'ms',
      samples: of('updateMs'),
      goal: { op: '<=', value: 250 },
    },
    {
      id: 'bank-sync:peak-rss',
      what: 'Server resident memory, highest reading during the sync and the updates',
      unit: 'MB',
      samples: of('peakRssMb'),
      goal: { op: '<=', value: 200 },
      note:
        `/proc/<pid>/status VmRSS of the server process every 20 ms from listening to the end; ` +
        `at the first reading ${of('idleRssMb').join(', ')} MB`,
    },
  ];
}

export const bankSyncSuite: BenchSuite = { name: 'bank-sync', run };
