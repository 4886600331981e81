// The Transactions page with 10,000 bank transactions (issue 12), in Chromium at phone size:
// time to the first row, long tasks while scrolling from top to bottom, and how long a search
// and a relabel take to show. The transactions arrive through the app's own sync, from a Plaid
// client that answers like the sandbox (two years of history on three accounts, own transfers).
import path from 'node:path';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { launchOptions } from '../playwright.config';
import type { PlaidApi } from 'plaid';
import { stubPlaid } from '../tests/support/stub-plaid';
import { createTestServer } from '../tests/support/server';
import type { BenchResult, BenchSuite } from './types';

export const PAGE_BUDGETS = {
  /** From navigation start to the first row on screen. */
  firstRowMs: 3000,
  /** The longest main-thread task while scrolling to the end. */
  longestTaskMs: 200,
  /** Sum over long tasks of (duration - 50 ms) while scrolling to the end. */
  scrollBlockingMs: 500,
} as const;

const DAY = 86_400_000;
const MERCHANTS = [
  'Blue Bottle Coffee',
  'Whole Foods Market',
  'Uber',
  'Amazon',
  'Shell',
  'Netflix',
  'Target',
];

/** A Plaid client whose one item holds `total` transactions over two years, 500 per sync page. */
function bigBank(total: number, now: number): PlaidApi {
  const accounts = ['acc-checking', 'acc-savings', 'acc-card'];
  const tx = (i: number) => {
    const date = new Date(now - Math.floor((i / total) * 730) * DAY).toISOString().slice(0, 10);
    const transfer = i % 40 === 0 || i % 40 === 1;
    const merchant = MERCHANTS[i % MERCHANTS.length];
    return {
      transaction_id: `tx-${i}`,
      account_id: transfer ? accounts[i % 2] : accounts[i % 3 === 0 ? 0 : 2],
      name: transfer ? (i % 2 ? 'Transfer from Checking' : 'Transfer to Savings') : `${merchant} #${i % 97}`,
      merchant_name: transfer ? null : merchant,
      amount: transfer
        ? i % 2
          ? -100
          : 100
        : i % 25 === 0
          ? -1800
          : Math.round(((i * 37) % 9000) + 100) / 100,
      iso_currency_code: 'USD',
      date,
      category: ['Shops'],
      personal_finance_category: {
        primary: transfer ? (i % 2 ? 'TRANSFER_IN' : 'TRANSFER_OUT') : 'GENERAL_MERCHANDISE',
        detailed: 'X',
        confidence_level: 'HIGH',
      },
      pending: i < 3,
      pending_transaction_id: null,
    };
  };
  return stubPlaid(total, {
    transaction: tx,
    accounts: accounts.map((id, k) => ({
      account_id: id,
      name: ['Everyday Checking', 'High Yield Savings', 'Cash Back Card'][k],
      official_name: null,
      mask: `000${k}`,
      type: k === 2 ? 'credit' : 'depository',
      subtype: ['checking', 'savings', 'credit card'][k],
      balances: { current: 100, available: 90, iso_currency_code: 'USD' },
    })),
  });
}

// Scripts that run in the page are strings: tsx's transform would add helpers the page lacks.
/** Counts long tasks from the page's start; the first row's time is noted when it appears. */
const INSTRUMENT = `
  window.__long = [];
  window.__firstRow = null;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (window.__firstRow === null && document.querySelector('.txv-row')) {
      window.__firstRow = performance.now();
      seen.disconnect();
    }
  });
  seen.observe(document, { childList: true, subtree: true });
`;

/** Scrolls 1,600 px a frame until the page's end; resolves with the frame count. */
const SCROLL_TO_END = `new Promise((resolve) => {
  let frames = 0;
  const step = () => {
    frames++;
    window.scrollBy(0, 1600);
    if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2) resolve(frames);
    else requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
})`;

export interface PageBench {
  firstRowMs: number;
  scrollMs: number;
  frames: number;
  longTasks: number;
  longestTaskMs: number;
  scrollBlockingMs: number;
  searchMs: number;
  relabelMs: number;
}

export async function benchTransactionsPage(total = 10_000): Promise<PageBench> {
  const dist = path.resolve('dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error('run `npm run build` first');
  const now = new Date();
  const plaid = bigBank(total, now.getTime());
  const s = await createTestServer({ now, env: { STATIC_DIR: dist }, deps: { plaid: () => plaid } });
  const browser = await chromium.launch(launchOptions);
  try {
    const token = await s.register();
    await s.req('POST', '/api/plaid/exchange-token', { public_token: 'public-sandbox-big' }, token);
    const synced = await s.req<{ total_transactions: number }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    if (synced.body.total_transactions !== total) throw new Error(`synced ${synced.body.total_transactions}`);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await page.addInitScript((t) => {
      localStorage.setItem('token', t);
      localStorage.setItem('onboarding_completed', 'true');
      localStorage.setItem('userGoal', 'Track Spending');
    }, token);
    await page.addInitScript({ content: INSTRUMENT });
    await page.goto(`${s.url}/#/transactions`);
    await page.waitForFunction(
      () => (window as unknown as { __firstRow: number | null }).__firstRow !== null,
      null,
      {
        timeout: 60_000,
      },
    );
    const firstRowMs = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
    await page.waitForTimeout(500); // let the page settle before measuring the scroll alone
    await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));

    const t0 = Date.now();
    const frames = (await page.evaluate(SCROLL_TO_END)) as number;
    const scrollMs = Date.now() - t0;
    await page.waitForTimeout(300);
    const long = (await page.evaluate('window.__long')) as number[];
    // The list's last row is in the page at the end (its bottom edge is the list's bottom).
    const atEnd = await page.evaluate(`(() => {
      const list = document.querySelector('.txv-list');
      const rows = [...document.querySelectorAll('.txv-row')];
      const bottom = Math.max(...rows.map((r) => r.offsetTop + r.offsetHeight));
      return Math.abs(bottom - list.offsetHeight) < 1;
    })()`);
    if (!atEnd) throw new Error('the last row was not rendered after scrolling to the end');

    await page.evaluate('window.scrollTo(0, 0)');
    const search = page.getByRole('searchbox', { name: 'Search' });
    const s0 = Date.now();
    await search.fill('Netflix #5');
    await page
      .locator('.txv-summary')
      .getByText(/transactions of 10,000/)
      .waitFor();
    const searchMs = Date.now() - s0;

    const row = page.locator('.txv-row').first();
    const r0 = Date.now();
    await row.getByRole('button', { name: /Change label of/ }).click();
    await page.getByRole('menuitemradio', { name: 'Need' }).click();
    await row.getByRole('button', { name: /^Need\. Change label/ }).waitFor();
    const relabelMs = Date.now() - r0;
    return {
      firstRowMs,
      scrollMs,
      frames,
      longTasks: long.length,
      longestTaskMs: Math.max(0, ...long),
      scrollBlockingMs: long.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
      searchMs,
      relabelMs,
    };
  } finally {
    await browser.close();
    await s.close();
  }
}

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

/** Suite "transactions-page": the page above, repeated, each run in a fresh browser and server. */
async function run(): Promise<BenchResult[]> {
  const runs: PageBench[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await benchTransactionsPage());
  const of = (k: keyof PageBench) => runs.map((r) => Math.round(r[k]));
  const what = (w: string) => `10,000 transactions at 390x844: ${w}`;
  return [
    {
      id: 'transactions-page:first-row',
      what: what('first row on screen after navigation'),
      unit: 'ms',
      samples: of('firstRowMs'),
      goal: { op: '<=', value: PAGE_BUDGETS.firstRowMs },
    },
    {
      id: 'transactions-page:longest-task',
      what: what('longest main-thread task while scrolling to the end'),
      unit: 'ms',
      samples: of('longestTaskMs'),
      goal: { op: '<=', value: PAGE_BUDGETS.longestTaskMs },
      note: `frames to the end ${of('frames').join(', ')}; long tasks ${of('longTasks').join(', ')}`,
    },
    {
      id: 'transactions-page:scroll-blocking',
      what: what('blocking time while scrolling to the end'),
      unit: 'ms',
      samples: of('scrollBlockingMs'),
      goal: { op: '<=', value: PAGE_BUDGETS.scrollBlockingMs },
    },
    {
      id: 'transactions-page:search',
      what: what('search result shown'),
      unit: 'ms',
      samples: of('searchMs'),
    },
    { id: 'transactions-page:relabel', what: what('relabel shown'), unit: 'ms', samples: of('relabelMs') },
  ];
}

export const transactionsPageSuite: BenchSuite = { name: 'transactions-page', run };
