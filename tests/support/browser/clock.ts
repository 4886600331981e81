// The 24-hour quests are judged on the server's clock (DECISIONS: the referee). A test that moves
// the page's clock (Playwright's `page.clock`) makes that page's API requests carry the page's
// time, which the test server (NODE_ENV=test only) runs them on; other tests keep the real time.
// Also: stopping the page's running clock (`pauseSoon`).
import type { Page } from '@playwright/test';

export async function serverFollowsPageClock(page: Page): Promise<void> {
  await page.route(/\/api\//, async (route) => {
    const now = await page.evaluate(() => Date.now()).catch(() => null);
    const headers = { ...route.request().headers() };
    if (typeof now === 'number') headers['x-test-now'] = String(Math.round(now));
    await route.continue({ headers });
  });
}

/**
 * Stops the page's installed clock a moment from now. The page's clock runs while the test reads
 * it, so on a busy machine the moment read can be in the past by the time the pause arrives
 * (Playwright then refuses to go back): read it again and ask again.
 */
export async function pauseSoon(page: Page, aheadMs = 300): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + aheadMs);
    } catch (err) {
      if (attempt >= 5 || !/to the past/.test(String(err))) throw err;
    }
  }
}
