// Benchmarks, reported as medians of repeated runs (the machine is shared and noisy):
// a 10,000-transaction sync through the bank API on SQLite.
import { createTestServer } from '../tests/api/helpers';
import { stubPlaid } from '../tests/api/stub-plaid';

const RUNS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function syncOnce(total: number): Promise<number> {
  const plaid = stubPlaid(total);
  const s = await createTestServer({ deps: { plaid: () => plaid } });
  try {
    const token = await s.register();
    await s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-stub' }, token);
    const t0 = performance.now();
    const res = await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    if (res.status !== 200) throw new Error(`sync failed: ${res.status}`);
    return performance.now() - t0;
  } finally {
    await s.close();
  }
}

async function main() {
  const small: number[] = [];
  const large: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    small.push(await syncOnce(1_000));
    large.push(await syncOnce(10_000));
  }
  const m1 = median(small);
  const m10 = median(large);
  console.info(`sync 1,000 transactions:  median ${m1.toFixed(0)} ms over ${RUNS} runs`);
  console.info(`sync 10,000 transactions: median ${m10.toFixed(0)} ms over ${RUNS} runs`);
  console.info(`ratio 10k/1k: ${(m10 / m1).toFixed(2)} (about 10 means the cost grows linearly)`);
}

void main();
