// Suite "api-throughput": a lean load generator (support/lean-load.ts) on loopback, 50 keep-alive
// connections for 10 s each, against a bare
// Express hello-world and, as a signed-in user with 2,000 synced bank transactions, against
// GET /api/plaid/transactions, GET /api/transactions/manual and POST /api/transactions/manual.
// Each repetition runs the four one after another, so the list's share of the hello-world's rate
// compares two figures of the same minute. Both servers are processes of their own (the app is
// bench/support/stub-bank-server.ts: every route, service and repository on SQLite, the bank being
// tests/support/stub-plaid.ts); the load generator runs in the bench process. It counts each
// answer's bytes without decoding them: autocannon, used before, turned every 25 KB list answer into
// a string and was the limit of the list's figure (the app's process sat idle half the time).
import { fetcher } from '../tests/support/http';
import { registerUser, uniqueEmail } from '../tests/support/accounts';
import { leanLoad, type LeanLoadOptions } from './support/lean-load';
import { startHelloServer, startStubBankServer, type ServerProcess } from './support/server-process';
import type { BenchResult, BenchSuite } from './types';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 50;
const TRANSACTIONS = 2_000;
const MANUAL_EXPENSES = 20;
/** What Chromium sends: the app's own client gets compressed JSON. */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface Shot {
  rps: number;
  p99: number;
  errors: number;
}

async function cannon(url: string, opts: Partial<LeanLoadOptions> = {}): Promise<Shot> {
  // A moment between runs, so requests still queued from the last one are not counted in this one.
  await new Promise((r) => setTimeout(r, 1000));
  const r = await leanLoad({ url, connections: CONNECTIONS, seconds: SECONDS, ...opts });
  return {
    rps: r.rps,
    p99: r.p99,
    // Connection errors, malformed answers and any answer but 2xx.
    errors: r.errors + r.non2xx,
  };
}

async function signedInUser(app: ServerProcess): Promise<string> {
  const call = fetcher(() => app.url);
  const { token } = await registerUser(call, { email: uniqueEmail('reader') });
  const ex = await call('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-stub' }, token);
  if (ex.status !== 200) throw new Error(`exchange: ${ex.status}`);
  const sync = await call('GET', '/api/plaid/fetch-transactions', undefined, token);
  const total = (sync.body as { total_transactions: number }).total_transactions;
  if (total !== TRANSACTIONS) throw new Error(`synced ${total} transactions`);
  for (let i = 0; i < MANUAL_EXPENSES; i++)
    await call('POST', '/api/transactions/manual', { amount: 4.5 + i, name: `Coffee ${i}` }, token);
  return token;
}

async function run(): Promise<BenchResult[]> {
  const hello = await startHelloServer();
  const app = await startStubBankServer(TRANSACTIONS);
  try {
    const token = await signedInUser(app);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING };
    // Creates go to a user of their own: thousands of them would otherwise swell the list above.
    const { token: writer } = await registerUser(
      fetcher(() => app.url),
      { email: uniqueEmail('writer') },
    );
    const writerHeaders = { authorization: `Bearer ${writer}`, 'accept-encoding': ACCEPT_ENCODING };
    const shots = {
      hello: [] as Shot[],
      health: [] as Shot[],
      list: [] as Shot[],
      manual: [] as Shot[],
      create: [] as Shot[],
    };
    for (let i = 0; i < RUNS; i++) {
      shots.hello.push(await cannon(`${hello.url}/`));
      shots.health.push(await cannon(`${app.url}/api/health`));
      shots.list.push(await cannon(`${app.url}/api/plaid/transactions`, { headers }));
      shots.manual.push(await cannon(`${app.url}/api/transactions/manual`, { headers }));
      shots.create.push(
        await cannon(`${app.url}/api/transactions/manual`, {
          method: 'POST',
          headers: { ...writerHeaders, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 12.34, category: 'Want', name: 'Bench lunch' }),
        }),
      );
    }
    const round = (x: number) => Math.round(x * 10) / 10;
    const ratio = shots.list.map((s, i) => round((s.rps / shots.hello[i]!.rps) * 100));
    const how = `lean load generator, ${CONNECTIONS} connections, ${SECONDS} s, Accept-Encoding "${ACCEPT_ENCODING}"`;
    const results: BenchResult[] = [
      {
        id: 'api-throughput:hello-world',
        what: 'Bare Express hello-world (the baseline), requests per second',
        unit: 'req/s',
        samples: shots.hello.map((s) => Math.round(s.rps)),
        note: `${CONNECTIONS} connections, ${SECONDS} s`,
      },
      {
        id: 'api-throughput:transactions-ratio',
        what: `GET /api/plaid/transactions (${TRANSACTIONS.toLocaleString('en-US')} transactions): requests per second as a share of the hello-world's in the same repetition`,
        unit: '%',
        samples: ratio,
        goal: { op: '>=', value: 40 },
        note: `list ${shots.list.map((s) => Math.round(s.rps)).join(', ')} req/s; hello-world ${shots.hello.map((s) => Math.round(s.rps)).join(', ')} req/s`,
      },
    ];
    results.push({
      id: 'api-throughput:health:rps',
      what: "GET /api/health (no sign-in, one SELECT 1): the app's floor, requests per second",
      unit: 'req/s',
      samples: shots.health.map((s) => Math.round(s.rps)),
      note: `${shots.health.map((s, i) => `${Math.round((s.rps / shots.hello[i]!.rps) * 100)}%`).join(', ')} of the hello-world's; ${how}`,
    });
    const endpoints = [
      [
        'transactions',
        `GET /api/plaid/transactions (${TRANSACTIONS.toLocaleString('en-US')} transactions)`,
        shots.list,
      ],
      ['manual-list', `GET /api/transactions/manual (${MANUAL_EXPENSES} expenses)`, shots.manual],
      ['manual-create', 'POST /api/transactions/manual (as another user)', shots.create],
    ] as const;
    for (const [id, what, list] of endpoints) {
      results.push(
        {
          id: `api-throughput:${id}:rps`,
          what: `${what}: requests per second`,
          unit: 'req/s',
          samples: list.map((s) => Math.round(s.rps)),
          note: how,
        },
        {
          id: `api-throughput:${id}:p99`,
          what: `${what}: 99th percentile latency`,
          unit: 'ms',
          samples: list.map((s) => s.p99),
          goal: { op: '<=', value: 100 },
        },
        {
          id: `api-throughput:${id}:errors`,
          what: `${what}: errors (connection errors, malformed answers, non-2xx answers)`,
          unit: 'count',
          samples: list.map((s) => s.errors),
          goal: { op: '<=', value: 0 },
        },
      );
    }
    return results;
  } finally {
    await app.stop();
    await hello.stop();
  }
}

export const apiThroughputSuite: BenchSuite = { name: 'api-throughput', run };
