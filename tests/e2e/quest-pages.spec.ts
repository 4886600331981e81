// The quest sub-pages (the Financial Guru article, the emergency-fund goal), the status bar that
// keeps level, XP, lives and streak in sight, and the level-up and achievement moments.
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { ArticlePage, EmergencyFundPage } from './pages/quest-subpages';
import { StatusBar } from './pages/status-bar';
import { storageValue } from '../support/browser/users';
import { pauseSoon } from '../support/browser/clock';

const test = base.extend<{ article: ArticlePage; fund: EmergencyFundPage; status: StatusBar }>({
  article: async ({ page }, provide) => provide(new ArticlePage(page)),
  fund: async ({ page }, provide) => provide(new EmergencyFundPage(page)),
  status: async ({ page }, provide) => provide(new StatusBar(page)),
});

/** How long a moment stays (src/components/progress-moment-band.tsx). */
const MOMENT_MS = 2600;

const COMPLETED = { isStarted: false, timeRemaining: 0 };
const INCOMPLETE = 'Please enter your monthly expenses and select a fund strength.';

/** Local calendar day `offset` days from today, as the app stores it. */
function day(offset: number): string {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

const storedJson = async (page: Page, key: string) => JSON.parse((await storageValue(page, key)) ?? 'null');

test.describe('the Financial Guru article', () => {
  test.use({ session: 'signed-in' });

  test('when a new player reads it to the end and completes it, then the quest pays 5 lives and 50 XP, seen in the status bar at once, and only once', async ({
    page,
    article,
    status,
    quests,
  }) => {
    await article.goto();
    await expect(page.getByRole('heading', { name: 'How It Works' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'An Example: $3,000 a Month' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Benefits' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tips for Getting Started' })).toBeVisible();
    await expect(page.getByText('after-tax income', { exact: true })).toBeVisible();
    await expect(article.exampleRow('Needs')).toHaveText(/Needs\s*50%\s*\$1,500$/);
    await expect(article.exampleRow('Wants')).toHaveText(/Wants\s*30%\s*\$900$/);
    await expect(article.exampleRow('Savings')).toHaveText(/Savings\s*20%\s*\$600$/);
    await expect(article.exampleRow('Total')).toHaveText(/Total\s*100%\s*\$3,000$/);
    await status.expectLives(0);
    await status.expectLevel('Budget Rookie', '0/100 to Level 2');

    await expect(article.finish).toContainText('earn 5 lives and 50 XP');
    await article.complete.click();
    await expect(article.finish.getByRole('status')).toHaveText('You earned 50 XP and 5 lives.');
    await status.expectLives(5);
    await status.expectLevel('Budget Rookie', '50/100 to Level 2');
    await expect(status.xpBar).toHaveAttribute('aria-valuenow', '50');
    expect(await storedJson(page, 'quest_financial-guru')).toEqual(COMPLETED);
    expect(await storageValue(page, 'user_xp')).toBe('50');

    // Opened again, the article knows the quest is done and pays nothing more.
    await page.reload();
    await article.waitToLoad();
    await expect(article.finish).toContainText('You have completed the Financial Guru quest.');
    await expect(article.complete).toHaveCount(0);
    expect(await storageValue(page, 'user_xp')).toBe('50');

    await article.finish.getByRole('button', { name: 'Return to Quests' }).click();
    await quests.waitToLoad();
  });

  test("'Back to Quests' at the top leads to the Quests page", async ({ article, quests }) => {
    await article.goto();
    await article.back.click();
    await quests.waitToLoad();
  });
});

test.describe('the emergency fund page', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '0',
      userGoal: 'Track Spending',
      'quest_emergency-fund': JSON.stringify({ isStarted: true, timeRemaining: 120 }),
      'quest_timer_emergency-fund': String(Date.now() - 60_000),
    },
  });

  test('when it opens, then the stored quest state is cleared, the quest reads as started, and Set Goal waits for a goal above 0', async ({
    page,
    fund,
  }) => {
    await fund.goto();
    // SPEC 4 clears what was stored (the old countdown and its timer); the player is now on the
    // quest, so it is stored as started without a timer (issue 31) until Set Goal completes it.
    await expect
      .poll(() => storageValue(page, 'quest_emergency-fund'))
      .toBe('{"isStarted":true,"timeRemaining":0}');
    expect(await storageValue(page, 'quest_timer_emergency-fund')).toBeNull();

    await expect(page.getByRole('radiogroup', { name: 'Fund Strength' }).getByRole('radio')).toHaveCount(3);
    await expect(fund.goalBox).toContainText('$0.00');
    await expect(fund.setGoal).toBeDisabled();

    // Expenses of 0 give a goal of 0: still disabled, and Enter says what is missing.
    await fund.strength(6).check();
    await fund.expenses.fill('0');
    await expect(fund.goalBox).toContainText('$0.00');
    await expect(fund.setGoal).toBeDisabled();
    await fund.expenses.press('Enter');
    await expect(fund.notice(INCOMPLETE)).toBeVisible();
    await expect(fund.success).toHaveCount(0);
    expect(await storageValue(page, 'emergency_fund_goal_amount')).toBeNull();
  });

  test('when expenses are typed, then each fund strength multiplies them, and bad amounts say why and keep Set Goal off', async ({
    fund,
  }) => {
    await fund.goto();
    await fund.expenses.fill('2000');
    await expect(fund.setGoal).toBeDisabled(); // no strength chosen yet
    for (const [months, goal] of [
      [3, '$6,000.00'],
      [6, '$12,000.00'],
      [12, '$24,000.00'],
    ] as const) {
      await fund.strength(months).check();
      await expect(fund.strength(months)).toBeChecked();
      await expect(fund.goalBox).toContainText(goal);
      await expect(fund.goalBox).toContainText(`${months} months × $2,000.00 of monthly expenses`);
      await expect(fund.setGoal).toBeEnabled();
    }

    for (const [text, problem] of [
      ['-5', 'Monthly expenses cannot be negative'],
      ['10.001', 'Monthly expenses can have at most 2 decimal places'],
      ['1000000.01', 'Monthly expenses must be at most $1,000,000'],
    ]) {
      await fund.expenses.fill(text);
      await expect(fund.expenses).toHaveAccessibleDescription(new RegExp(problem.replace(/[$.]/g, '\\$&')));
      await expect(fund.expenses).toHaveAttribute('aria-invalid', 'true');
      await expect(fund.goalBox).toContainText('$0.00');
      await expect(fund.setGoal).toBeDisabled();
    }
  });

  test('when a goal is set, then it is stored, the quest completes for 10 lives (capped at 5) and 50 XP, a success dialog shows, and a reload keeps it all', async ({
    page,
    fund,
    status,
    quests,
  }) => {
    await fund.goto();
    await fund.strength(12).check();
    await fund.expenses.fill('1234.56');
    await expect(fund.goalBox).toContainText('$14,814.72');
    await fund.setGoal.click();

    await expect(fund.success).toBeVisible();
    await expect(fund.success).toContainText(
      'Your emergency fund goal is $14,814.72: 12 months of $1,234.56',
    );
    await expect(fund.success.getByRole('status')).toHaveText(
      'Quest complete! You earned 50 XP and 5 lives. Your lives are full (5 of 5).',
    );
    await status.expectLives(5);
    await status.expectLevel('Budget Rookie', '50/100 to Level 2');
    expect(await storageValue(page, 'emergency_fund_goal_amount')).toBe('14814.72');
    expect(await storedJson(page, 'quest_emergency-fund')).toEqual(COMPLETED);

    await fund.success.getByRole('button', { name: 'Back to Quests' }).click();
    await quests.waitToLoad();
    await page.reload();
    await quests.waitToLoad();
    await status.expectLives(5);
    await status.expectLevel('Budget Rookie', '50/100 to Level 2');
    expect(await storageValue(page, 'emergency_fund_goal_amount')).toBe('14814.72');
    expect(await storedJson(page, 'quest_emergency-fund')).toEqual(COMPLETED);

    // Coming back starts the quest over (SPEC 4 clears it; it reads as started) but keeps the goal.
    await fund.goto();
    await expect(page.getByText('Your current goal: $14,814.72.')).toBeVisible();
    await expect
      .poll(() => storageValue(page, 'quest_emergency-fund'))
      .toBe('{"isStarted":true,"timeRemaining":0}');
    expect(await storageValue(page, 'emergency_fund_goal_amount')).toBe('14814.72');
  });
});

test.describe('the status bar', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '0',
      userGoal: 'Track Spending',
      login_dates: JSON.stringify([day(-2), day(-1), day(0)]),
      // Already earned, so its 100 XP does not mix with the expense's.
      streak_starter_unlocked: 'true',
    },
  });

  test('when an expense is added, then the lives and XP it paid show in the status bar without a reload', async ({
    home,
    status,
    expenseModal: modal,
  }) => {
    await home.goto();
    await status.expectLives(0);
    await expect(status.streak).toHaveText(/3 days login streak$/);
    await home.addExpense.click();
    await modal.fill('12.50', 'Want', 'Lunch');
    await modal.done.click();
    const reward = await modal.reward();
    await status.expectLives(reward.lives);
    await expect(status.xpBar).toHaveAttribute('aria-valuenow', String(reward.xp));
    await status.expectLevel('Budget Rookie', `${reward.xp}/100 to Level 2`);
  });

  test('it stays in sight at the top, clear of the navigation, the page title and Add Expense, also when scrolled', async ({
    page,
    article,
    status,
  }) => {
    await article.goto();
    const viewport = page.viewportSize()!;
    const bar = (await status.root.boundingBox())!;
    const nav = (await article.nav.boundingBox())!;
    const title = (await article.heading('The 50/30/20 Budgeting Method').boundingBox())!;
    const fab = (await article.addExpense.boundingBox())!;
    const overlaps = (a: typeof bar, b: typeof bar) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

    expect(bar.y).toBe(0);
    for (const other of [nav, title, fab]) expect(overlaps(bar, other)).toBe(false);
    if (viewport.width >= 1024) expect(bar.x).toBeGreaterThanOrEqual(nav.x + nav.width);
    else expect(bar.width).toBeCloseTo(viewport.width, 0);

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(article.complete).toBeInViewport();
    const scrolled = (await status.root.boundingBox())!;
    expect(scrolled.y).toBe(0);
    await expect(status.root).toBeInViewport();
    // The control at the end is not under the bar.
    expect(overlaps(scrolled, (await article.complete.boundingBox())!)).toBe(false);
  });
});

test.describe('a player 10 XP short of level 2', () => {
  test.use({ session: 'signed-in', progress: { user_xp: '90', userGoal: 'Track Spending' } });

  test('when a quest pays 50 XP, then a full-width level-up moment names Savings Scout, fills the bar, and leaves after its moment', async ({
    page,
    article,
    status,
  }) => {
    await page.clock.install();
    await article.goto();
    await status.expectLevel('Budget Rookie', '90/100 to Level 2');
    await article.complete.click();

    const moment = status.moment('Level up!');
    await expect(moment).toBeVisible();
    // It leaves 2.6 s after it came: the page's clock stands still while it is looked at (on a
    // slow machine the checks below took longer than that), and runs on below.
    await pauseSoon(page);
    await expect(moment).toContainText('Level 2: Savings Scout');
    await expect(moment).toContainText('Next: Money Manager at 300 XP');
    await expect(moment.getByRole('progressbar', { name: 'XP bar' })).toHaveAttribute('aria-valuenow', '100');
    // Full width of the content column: as wide as the status bar under it.
    const band = (await moment.boundingBox())!;
    const bar = (await status.root.boundingBox())!;
    expect(band.width).toBeGreaterThanOrEqual(bar.width - 1);
    // The moment lets clicks through to the page.
    await expect(moment).toHaveCSS('pointer-events', 'none');
    await status.expectLevel('Savings Scout', '40/200 to Level 3');

    await page.clock.runFor(MOMENT_MS);
    await page.clock.resume();
    await expect(moment).toHaveCount(0);
  });

  test('under reduced motion, the moment shows still: the bar is full at once and nothing animates', async ({
    page,
    article,
    status,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await article.goto();
    await article.complete.click();
    const moment = status.moment('Level up!');
    await expect(moment).toBeVisible();
    const fill = moment.getByRole('progressbar', { name: 'XP bar' }).locator('span');
    expect(await fill.evaluate((el) => el.style.width)).toBe('100%');
    expect(await moment.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    expect(await status.root.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  });
});

test.describe('a player about to earn Budget Pro', () => {
  test.use({
    session: 'signed-in',
    progress: {
      user_xp: '5',
      userGoal: 'Track Spending',
      daily_usage_dates: JSON.stringify(Array.from({ length: 29 }, (_, i) => day(-1 - i * 2))),
    },
  });

  test('when the 30th day of use unlocks it, then an achievement moment shows first, then the level it reached, and Profile counts 1/4', async ({
    page,
    profile,
    status,
  }) => {
    await page.clock.install();
    await profile.goto();
    const achievement = status.moment('Achievement unlocked!');
    await expect(achievement).toBeVisible();
    await expect(achievement).toContainText('Budget Pro');
    await expect(achievement).toContainText('+100 XP · Use the app for 30 days');
    await expect(status.moment('Level up!')).toHaveCount(0);
    await expect(profile.achievements.getByText('1/5', { exact: true })).toBeVisible();
    await status.expectLevel('Savings Scout', '5/200 to Level 3');

    await page.clock.runFor(MOMENT_MS);
    await expect(achievement).toHaveCount(0);
    await expect(status.moment('Level up!')).toContainText('Level 2: Savings Scout');
    await page.clock.runFor(MOMENT_MS);
    await expect(page.getByRole('status').filter({ hasText: 'Level up!' })).toHaveCount(0);
  });
});
