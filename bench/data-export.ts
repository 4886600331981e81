// Suite "data-export" (issue 29): exporting 10,000 transactions. The app runs in its own process
// (bench/support/stub-bank-server.ts, tests/api/stub-plaid.ts as the bank) on a fresh SQLite file;
// a user's bank of 10,000 transactions is synced once, then GET /api/export/transactions.csv and
// GET /api/export/account.json are each timed from the request to the last byte read, BENCH_RUNS
// times, over loopback (no compression asked, so the figure is the server's work and the copy).
import { fetcher } from '../tests/support/http';
import { startStubBankServer } from './support/server-process';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TRANSACTIONS = 10_000;

async function timed(url: string, token: string): Promise<{ ms: number; text: string }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`export: ${res.status} ${text.slice(0, 200)}`);
  return { ms, text };
}

async function run(): Promise<BenchResult[]> {
  const server = await startStubBankServer(TRANSACTIONS);
  const csvMs: number[] = [];
  const jsonMs: number[] = [];
  let csvKb = 0;
  let jsonKb = 0;
  try {
    const call = fetcher(() => server.url);
    const reg = await call('POST', '/api/auth/register', {
      email: `export-${Date.now()}@example.com`,
      password: 'secret123',
    });
    const token = (reg.body as { token: string }).token;
    const ex = await call(
      'POST',
      '/api/plaid/exchange-token',
      { public_token: 'public-sandbox-stub' },
      token,
    );
    if (ex.status !== 200) throw new Error(`exchange: ${ex.status}`);
    const sync = await call('GET', '/api/plaid/fetch-transactions', undefined, token);
    if (sync.status !== 200) throw new Error(`sync: ${sync.status}`);
    for (let i = 0; i < RUNS; i++) {
      const csv = await timed(`${server.url}/api/export/transactions.csv`, token);
      // The header line and one line per transaction (none of the stub's names holds a line break).
      const lines = csv.text.split('\r\n').filter(Boolean).length;
      if (lines !== TRANSACTIONS + 1) throw new Error(`csv: ${lines} lines`);
      csvMs.push(Math.round(csv.ms));
      csvKb = Math.round(Buffer.byteLength(csv.text) / 1024);
      const json = await timed(`${server.url}/api/export/account.json`, token);
      const doc = JSON.parse(json.text) as { transactions: unknown[] };
      if (doc.transactions.length !== TRANSACTIONS) throw new Error(`json: ${doc.transactions.length}`);
      jsonMs.push(Math.round(json.ms));
      jsonKb = Math.round(Buffer.byteLength(json.text) / 1024);
    }
  } finally {
    await server.stop();
  }
  const how =
    'the app in its own process on SQLite; from the request to the last byte read, uncompressed, over loopback';
  return [
    {
      id: 'data-export:csv-10k',
      what: `Export of ${TRANSACTIONS.toLocaleString('en-US')} transactions as CSV (GET /api/export/transactions.csv)`,
      unit: 'ms',
      samples: csvMs,
      goal: { op: '<=', value: 1000 },
      note: `${how}; ${csvKb} KB`,
    },
    {
      id: 'data-export:json-10k',
      what: `Export of the whole account with ${TRANSACTIONS.toLocaleString('en-US')} transactions as JSON (GET /api/export/account.json)`,
      unit: 'ms',
      samples: jsonMs,
      goal: { op: '<=', value: 1000 },
      note: `${how}; ${jsonKb} KB`,
    },
  ];
}

export const dataExportSuite: BenchSuite = { name: 'data-export', run };
