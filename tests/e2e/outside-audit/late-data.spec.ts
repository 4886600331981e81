// Issue 33, "nothing moves when data arrives": each page that shows server data opens with every
// API answer held back, shows its frame, and then gets its answers. What the page drew before must
// not move when they arrive: the browser's own layout-shift record (the entries Cumulative Layout
// Shift adds up) stays empty from the first paint until the data is shown.
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures';

// Runs before the app: every layout shift not caused by input, with what moved.
const RECORD_SHIFTS = () => {
  const w = window as unknown as { __shifts: { value: number; moved: string[] }[] };
  w.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as unknown as {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }[]) {
      if (e.hadRecentInput) continue;
      const moved = (e.sources ?? []).map((s) => {
        const el = s.node instanceof Element ? s.node : s.node?.parentElement;
        if (!el) return '?';
        const label = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
        const from = `${Math.round(s.previousRect.y)}+${Math.round(s.previousRect.height)}`;
        const to = `${Math.round(s.currentRect.y)}+${Math.round(s.currentRect.height)}`;
        return `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${label}" y ${from} -> ${to}`;
      });
      w.__shifts.push({ value: e.value, moved });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** Holds every API answer but sign-in's own until `release()`; later calls then pass at once. */
async function holdApi(page: Page): Promise<{ release: () => Promise<void>; held: () => number }> {
  const held: Route[] = [];
  let open = false;
  await page.route('**/api/**', (route) => {
    if (open || /\/api\/(auth|progress)\b/.test(route.request().url())) return route.continue();
    held.push(route);
  });
  return {
    held: () => held.length,
    async release() {
      open = true;
      await Promise.all(held.splice(0).map((r) => r.continue()));
    },
  };
}

const shifts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __shifts: { value: number; moved: string[] }[] }).__shifts);

interface Case {
  path: string;
  heading: string;
  /** What shows once the data has arrived. */
  loaded: (page: Page) => Promise<void>;
}

const CASES: Case[] = [
  {
    path: '/#/quests',
    heading: 'Quests',
    loaded: async (page) => {
      await expect(page.getByRole('heading', { name: 'No Eating Out' })).toBeVisible();
    },
  },
  {
    path: '/#/transactions',
    heading: 'Transactions',
    loaded: async (page) => {
      await expect(page.getByRole('heading', { name: 'Bank connection' })).toBeVisible();
      await expect(page.getByRole('button', { name: /Start|Play/ }).first()).toBeVisible();
    },
  },
  {
    path: '/#/home',
    heading: 'Home',
    loaded: async (page) => {
      await expect(page.getByTestId('spending-total')).not.toHaveText('$0.00');
    },
  },
  {
    path: '/#/bills',
    heading: 'Bills and subscriptions',
    loaded: async (page) => {
      await expect(page.getByRole('region', { name: 'Each month' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pay' })).toBeVisible();
    },
  },
  {
    path: '/#/profile',
    heading: 'Profile',
    loaded: async (page) => {
      await expect(page.getByText('First Platypus Bank').first()).toBeVisible();
    },
  },
];

test.describe('a user with a linked bank whose data arrives late', () => {
  test.use({ session: 'bank-linked', progress: { user_xp: '1029', userGoal: 'Track Spending' } });

  for (const c of CASES) {
    test(`when ${c.path} gets its data after its first paint, then nothing on it moves`, async ({ page }) => {
      await page.addInitScript(RECORD_SHIFTS);
      const api = await holdApi(page);
      await page.goto(c.path);
      await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
      await expect.poll(api.held, { message: 'the page asked for its data' }).toBeGreaterThan(0);
      await api.release();
      await c.loaded(page);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await shifts(page)).toEqual([]);
    });
  }
});
