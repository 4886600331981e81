// The 24-hour quests are judged on the server's clock (DECISIONS: the referee). A test that moves
// the page's clock (Playwright's `page.clock`) makes that page's API requests carry the page's
// time, which the test server (NODE_ENV=test only) runs them on; other tests keep the real time.
import type { Page } from '@playwright/test';

export async function serverFollowsPageClock(page: Page): Promise<void> {
  await page.route(/\/api\//, async (route) => {
    const now = await page.evaluate(() => Date.now()).catch(() => null);
    const headers = { ...route.request().headers() };
    if (typeof now === 'number') headers['x-test-now'] = String(Math.round(now));
    await route.continue({ headers });
  });
}
