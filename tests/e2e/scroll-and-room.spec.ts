// Issue 25, navigation: every page opens at its top and Back returns to where the user was; the
// floating Add Expense button and the phone's tab bar never cover the end of a page, nor what is
// scrolled into view.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const scrollTo = async (page: Page, y: number) => {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await expect.poll(() => scrollY(page)).toBe(y);
};

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The fixed UI's boxes: the Add Expense button and the navigation (a bottom bar on phones). */
async function fixedBoxes(nav: Locator, fab: Locator): Promise<Box[]> {
  return [(await fab.boundingBox())!, (await nav.boundingBox())!];
}

test.describe('a user with a linked bank and a long list', () => {
  test.use({ session: 'bank-linked', progress: { user_xp: '1029', userGoal: 'Track and reduce spending' } });

  test('when they leave a scrolled page, then the next opens at the top, and Back restores the place', async ({
    page,
    transactions,
    quests,
  }) => {
    await transactions.goto();
    await expect(transactions.rows.first()).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(height, 'the list is long enough to scroll').toBeGreaterThan(1500);
    await scrollTo(page, 1500);

    await transactions.navLink('Quests').click();
    await quests.waitToLoad();
    expect(await scrollY(page)).toBe(0);

    // A second page further down, then Back twice: each entry comes back where it was left.
    await scrollTo(page, 300);
    await quests.navLink('Profile').click();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await quests.waitToLoad();
    await expect.poll(() => scrollY(page)).toBe(300);
    await page.goBack();
    await transactions.waitToLoad();
    await expect.poll(() => scrollY(page)).toBe(1500);

    // Forward is a history move too.
    await page.goForward();
    await quests.waitToLoad();
    await expect.poll(() => scrollY(page)).toBe(300);
  });

  test('when the Financial Guru article opens from a scrolled Quests page, then it starts at its title', async ({
    page,
    quests,
  }) => {
    await quests.goto();
    const start = quests.button('Financial Guru', 'Start');
    await start.scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await start.click();
    await expect(page.getByRole('heading', { name: 'The 50/30/20 Budgeting Method' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
  });

  for (const route of ['/', '/games', '/home', '/profile', '/transactions']) {
    test(`when ${route} is scrolled to its end, then its last control is clear of the Add Expense button and the navigation`, async ({
      page,
      quests,
    }) => {
      await page.goto(`/#${route}`);
      await expect(quests.loading).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = page
        .locator('#main-content')
        .locator('button:visible, a[href]:visible, input:visible, select:visible')
        .last();
      await expect(last).toBeInViewport();
      const box = (await last.boundingBox())!;
      for (const fixed of await fixedBoxes(quests.nav, quests.addExpense)) {
        expect(overlaps(box, fixed), `${await last.innerText()} is not covered`).toBe(false);
      }
    });
  }

  test('when a control in the middle of a page is scrolled into view from above, then it stops above the fixed UI', async ({
    page,
    quests,
  }) => {
    await quests.goto();
    const starts = page.getByRole('button', { name: 'Start' });
    const target = starts.nth(Math.floor((await starts.count()) / 2));
    await page.evaluate(() => window.scrollTo(0, 0));
    // Focus moving to a control below the fold scrolls it to the bottom edge of the viewport.
    await target.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    const box = (await target.boundingBox())!;
    for (const fixed of await fixedBoxes(quests.nav, quests.addExpense)) {
      expect(overlaps(box, fixed)).toBe(false);
    }
  });
});
