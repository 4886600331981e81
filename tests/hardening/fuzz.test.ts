// Part 2 of the hardening suite: property-based fuzzing of every endpoint of the app and of the
// local Plaid sandbox, read from the router (support/endpoints.ts). For each generated request:
// never a 5xx; always JSON, and a rejected one says why (`error`; the sandbox answers in Plaid's
// envelope, `error_code` and `error_message`); a rejected request writes no row (counted by
// triggers: support/fuzz.ts); no request takes a second (a slow answer is timed twice more and the
// fastest counts, so a busy machine's pause is not taken for work a client can inflate).
// Afterwards the heap is back to where it started (after a garbage collection) and the server
// answers its health check.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { Products } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import type { TestServer } from '../support/server';
import { listEndpoints, type Endpoint } from '../support/hardening/endpoints';
import { requestFor, installWriteCounter, type FuzzRequest } from '../support/hardening/fuzz';
import { fullMember, startApp, type Member } from '../support/hardening/app';

/** Generated requests per run (spread evenly over the endpoints). */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_500);
/** Tables a rejected request writes to on purpose: the rate-limit counters and failed sign-ins. */
const WRITTEN_WHEN_REJECTED = new Set(['rate_limits', 'login_failures']);
/** No request may take this long, in the fastest of three tries (see the property). */
const SLOW_MS = 1000;
/** How much the heap may grow over the run, after a full collection, in MB. */
const HEAP_SLACK_MB = 24;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

let s: TestServer;
let member: Member;
let accessToken: string;
let faultToken: string;
let endpoints: Endpoint[];
let writes: () => Promise<Record<string, number>>;

beforeAll(async () => {
  s = await startApp({
    env: { PLAID_SANDBOX_RATE_LIMIT: '100000000' },
    config: { authRateLimit: 100_000_000 },
  });
  member = await fullMember(s);
  const plaid = s.deps.plaid();
  const pub = await plaid.sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
  });
  accessToken = (await plaid.itemPublicTokenExchange({ public_token: pub.data.public_token })).data
    .access_token;
  // The fault switch gets an item of its own: a TIMEOUT armed on the item the fuzzer syncs would
  // (rightly) hold those syncs for 30 s.
  const other = await plaid.sandboxPublicTokenCreate({
    institution_id: 'ins_109508',
    initial_products: [Products.Transactions],
  });
  faultToken = (await plaid.itemPublicTokenExchange({ public_token: other.data.public_token })).data
    .access_token;
  endpoints = await listEndpoints(createApp(s.deps));
  writes = await installWriteCounter(s.db, Object.keys(await s.dumpAllRows()));
});
afterAll(async () => s?.close());

/** A valid body for each endpoint: the fuzzer breaks it, so generated input reaches deep rules. */
function validBody(e: Endpoint): Record<string, unknown> {
  const keys = { client_id: s.config.plaid.sandbox!.clientId, secret: s.config.plaid.sandbox!.secret };
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/auth/register': { email: 'fuzz@example.com', password: 'secret123' },
    'POST /api/auth/login': { email: 'fuzz@example.com', password: 'secret123' },
    'POST /api/auth/forgot-password': { email: 'fuzz@example.com' },
    'POST /api/auth/reset-password': { token: 'a'.repeat(43), password: 'secret123' },
    'POST /api/auth/reset-password/check': { token: 'a'.repeat(43) },
    'POST /api/plaid/create_link_token': { itemId: member.itemId },
    'POST /api/plaid/exchange-token': { public_token: 'public-sandbox-0000' },
    'POST /api/plaid/item-reconnected': { itemId: member.itemId },
    'POST /api/plaid/update-transaction-categories': {
      categories: [{ plaidId: member.plaidIds[0], budget_category: 'Need' }],
    },
    'POST /api/transactions/manual': {
      amount: 12.5,
      category: 'Need',
      description: 'Lunch',
      date: '2025-02-27',
    },
    'POST /api/progress/events': {
      events: [{ id: randomUUID(), at: s.clock.now().getTime(), type: 'award', kind: 'login' }],
    },
    'POST /api/bills/reviews': { streamId: member.streamId, decision: 'keep' },
    'POST /api/statement-imports/preview': {
      fileName: 'statement.csv',
      content: 'Date,Description,Amount\n2025-02-20,Fuzz,-1.00',
    },
    'POST /api/statement-imports': {
      fileName: 'statement.csv',
      content: 'Date,Description,Amount\n2025-02-20,Fuzz,-1.00',
      accountName: 'Fuzz bank',
    },
    'POST /plaid-sandbox/link/token/create': {
      ...keys,
      client_name: 'Budget Quest',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: 'fuzz' },
      products: ['transactions'],
    },
    'POST /plaid-sandbox/transactions/sync': { ...keys, access_token: accessToken, cursor: null, count: 100 },
    'POST /plaid-sandbox/sandbox/public_token/create': {
      ...keys,
      institution_id: 'ins_109508',
      initial_products: ['transactions'],
    },
    'POST /plaid-sandbox/sandbox/transactions/create': {
      ...keys,
      access_token: accessToken,
      transactions: [
        { date_transacted: '2025-02-27', date_posted: '2025-02-27', amount: 4.5, description: 'Tea' },
      ],
    },
    'POST /plaid-sandbox/sandbox/item/set_fault': {
      ...keys,
      access_token: faultToken,
      fault: 'INTERNAL_SERVER_ERROR',
      count: 1,
    },
    'POST /plaid-sandbox/link/credentials': {
      link_token: 'link-sandbox-0',
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    },
  };
  const k = `${e.method} ${e.path}`;
  if (bodies[k]) return bodies[k];
  if (e.area === 'sandbox')
    return e.path.includes('/link/')
      ? { link_token: 'link-sandbox-0', institution_id: 'ins_109508' }
      : { ...keys, access_token: accessToken, public_token: 'public-sandbox-0' };
  return {};
}

interface Outcome {
  status: number;
  ms: number;
  json: Record<string, unknown> | null;
  wrote: string[];
  /** The answer was the event stream (issue 27), closed once it started. */
  stream: boolean;
}

async function send(e: Endpoint, r: FuzzRequest, token: string): Promise<Outcome> {
  const headers: Record<string, string> = {};
  if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
  if (r.auth === 'valid') headers.authorization = `Bearer ${token}`;
  // Header values travel as bytes: other text goes as its UTF-8 bytes; control characters are
  // not allowed in a header at all (HTTP's field-vchar), and fetch refuses to send them.
  else if (r.auth !== 'none')
    headers.authorization = Buffer.from(r.auth)
      .toString('latin1')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\x00-\x08\x0a-\x1f\x7f]/g, '');
  const before = await writes();
  const t0 = performance.now();
  const res = await fetch(s.url + r.path, { method: e.method, headers, body: r.body });
  // The event stream (issue 27) stays open: its start is the answer, then it is closed.
  const stream = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const raw = stream ? (await res.body?.cancel(), '') : await res.text();
  const ms = performance.now() - t0;
  const after = await writes();
  let json: Record<string, unknown> | null;
  try {
    json = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    json = null;
  }
  const wrote = Object.keys(after).filter((t) => after[t] !== before[t] && !WRITTEN_WHEN_REJECTED.has(t));
  return { status: res.status, ms, json, wrote, stream };
}

/** A first try's time, or when that is slow, the fastest of it and up to two more tries. */
async function fastestOf(firstMs: number, again: () => Promise<Outcome>): Promise<number> {
  let best = firstMs;
  for (let i = 0; i < 2 && best >= SLOW_MS; i++) best = Math.min(best, (await again()).ms);
  return best;
}

describe('input fuzzing', () => {
  it(`when ${TOTAL} generated requests hit every endpoint of the app and the sandbox, then no 5xx, every answer is JSON with its error, a rejection writes nothing, none takes a second, and memory comes back`, async () => {
    // A GET has no body to break: it gets a third of the share of a route that takes one.
    const shares = endpoints.map((e) => (e.method === 'GET' ? 1 : 3));
    const unit = TOTAL / shares.reduce((a, b) => a + b, 0);
    const stats = {
      requests: 0,
      accepted: 0,
      rejected: 0,
      slowestMs: 0,
      byStatus: {} as Record<number, number>,
    };
    let token = member.token;
    let heapStart = 0;
    for (const [i, e] of endpoints.entries()) {
      const k = `${e.method} ${e.path}`;
      const destructive = k === 'DELETE /api/auth/account';
      const arb = requestFor({
        method: e.method,
        path: e.path,
        base: validBody(e),
        guarded: e.protected,
        validTokenWeight: destructive ? 1 : 40,
      });
      await fc.assert(
        fc.asyncProperty(arb, async (r) => {
          const out = await send(e, r, token);
          stats.requests++;
          stats.byStatus[out.status] = (stats.byStatus[out.status] ?? 0) + 1;
          stats.slowestMs = Math.max(stats.slowestMs, out.ms);
          const what = `${k} ${JSON.stringify(r).slice(0, 300)} -> ${out.status} ${JSON.stringify(out.json).slice(0, 200)}`;
          expect(out.status, what).toBeLessThan(500);
          // A request whose work the client can inflate is slow each time it is sent; a slow answer
          // on a busy machine (CI runs this beside the browser tests) is not. So a slow answer is
          // sent twice more, and the fastest of the three must stay under a second.
          const ms = await fastestOf(out.ms, () => send(e, r, token));
          expect(ms, `${what} took ${Math.round(ms)} ms at best of three`).toBeLessThan(SLOW_MS);
          const isScript = e.method === 'GET' && e.path.endsWith('.js') && out.status === 200;
          // The CSV export (issue 29) is a file; its errors are JSON like every other answer.
          const isCsvFile = e.method === 'GET' && e.path.endsWith('.csv') && out.status === 200;
          if (!isScript && !isCsvFile && !out.stream) expect(out.json, `${what}: not JSON`).not.toBeNull();
          if (out.status >= 400) {
            stats.rejected++;
            if (e.area === 'api')
              expect(typeof out.json?.error === 'string' && out.json.error.length > 0, what).toBe(true);
            else
              expect(
                typeof out.json?.error_code === 'string' && typeof out.json.error_message === 'string',
                what,
              ).toBe(true);
            expect(out.wrote, `${what} wrote rows`).toEqual([]);
          } else {
            stats.accepted++;
            // The fuzz user was deleted: the rest of the run goes on as a new one.
            if (destructive && r.auth === 'valid') token = await s.register();
          }
        }),
        { numRuns: Math.ceil(unit * shares[i]!), endOnFailure: false },
      );
      // The first endpoints warm everything up (modules, prepared statements, caches).
      if (i === 2) heapStart = heapMb();
    }
    const heapEnd = heapMb();
    console.info(
      `fuzz: ${stats.requests} requests over ${endpoints.length} endpoints, ${stats.accepted} accepted, ${stats.rejected} rejected, ` +
        `statuses ${JSON.stringify(stats.byStatus)}, slowest ${Math.round(stats.slowestMs)} ms, heap ${heapStart.toFixed(1)} -> ${heapEnd.toFixed(1)} MB`,
    );
    expect(stats.requests).toBeGreaterThanOrEqual(10_000);
    expect(
      heapEnd - heapStart,
      `heap grew from ${heapStart.toFixed(1)} to ${heapEnd.toFixed(1)} MB`,
    ).toBeLessThan(HEAP_SLACK_MB);
    const health = await s.req('GET', '/api/health');
    expect(health.status).toBe(200);
    // 10,500 requests in turn: CI runs this beside the browser tests on two cores, where the
    // whole run has taken over two minutes (each request still has its one second).
  }, 360_000);
});
