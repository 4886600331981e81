// The Quests page as a player meets it: the first-time and returning cards, the bank-only quests,
// the two 24-hour quests checked against the bank when Playwright's clock moves a day on, the
// weekly check-in, every modal quest to its end, and the development pages.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { addSandboxTransactions, linkBankViaApi } from '../support/browser/bank';
import { storageValue } from '../support/browser/users';
import { serverFollowsPageClock } from '../support/browser/clock';
import { seedServerProgress } from '../support/browser/server-progress';
import { onFreshDevice } from '../support/browser/devices';
import { QuestsPage } from './pages/quests-page';

const DAY_MS = 86_400_000;
/** The UTC calendar day of `t` (the browser runs in UTC below, like the sandbox's dates). */
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Lets the quest's start reach the server (the browser sends it a second after Start) before the
 * page's clock jumps: the server records a start on its own clock, when it sees it.
 */
async function startReachesServer(page: Page): Promise<void> {
  await page.clock.runFor(1500);
  await expect.poll(() => storageValue(page, 'progress_outbox')).toBeNull();
}

test.describe('a new player without a bank', () => {
  test.use({ session: 'signed-in' });

  test('when a first-time player opens Quests, then the welcome and bank cards show and bank quests are hidden', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await expect(quests.section('Welcome to Your Quest Journey!')).toBeVisible();
    const bankCard = quests.section('Unlock More Quests (Optional)');
    await expect(bankCard).toContainText('No eating out for 24 hours');
    await expect(bankCard).toContainText('Move $5 from checking to savings');
    await expect(bankCard).toContainText('The weekly check-in');
    await expect(bankCard.getByRole('link', { name: 'Home page' })).toBeVisible();
    await expect(quests.card('Yearly Income')).toBeVisible();
    for (const title of ['No Eating Out', 'Move $5 to Savings', 'Weekly Check-In'])
      await expect(quests.card(title)).toHaveCount(0);

    await bankCard.getByRole('button', { name: 'Got It' }).click();
    await expect(bankCard).toHaveCount(0);
    expect(await storageValue(page, 'bank_connection_quests_dismissed')).toBe('true');
    await page.reload();
    await quests.waitToLoad();
    await expect(quests.section('Unlock More Quests (Optional)')).toHaveCount(0);
  });

  test('when a card is collapsed, then its button hides until it is expanded again', async ({ quests }) => {
    await quests.goto();
    const toggle = quests.toggle('Yearly Income');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(quests.button('Yearly Income', 'Start')).toHaveCount(0);
    await toggle.click();
    await expect(quests.button('Yearly Income', 'Start')).toBeVisible();
  });
});

test.describe('a returning player without a bank', () => {
  test.use({
    session: 'signed-in',
    progress: { user_xp: '120', 'quest_track-spending': '{"isStarted":false,"timeRemaining":0}' },
  });

  test('when a returning player opens Quests, then How Quests Work and More Quests Available show', async ({
    quests,
  }) => {
    await quests.goto();
    await expect(quests.section('How Quests Work')).toBeVisible();
    await expect(quests.section('Welcome to Your Quest Journey!')).toHaveCount(0);
    await expect(quests.section('More Quests Available')).toBeVisible();
    await quests.expectStatus('Track Spending', 'Completed');
  });
});

test.describe('the modal quests', () => {
  test.use({ session: 'signed-in' });

  test('when the yearly income is entered, then its 50/30/20 budget is saved, congratulated and paid', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await quests.start('Yearly Income');
    const dialog = quests.dialog('Yearly Income');
    const next = dialog.getByRole('button', { name: 'See My Budget' });
    await expect(next).toBeDisabled();
    await dialog.getByLabel('Your yearly income (after tax)').fill('60000');
    await next.click();
    await expect(dialog).toContainText('Based on $5,000.00 monthly income');
    await dialog.getByRole('button', { name: 'Complete Quest' }).click();
    await expect(dialog.getByText('Congratulations!')).toBeVisible();
    await expect(page).toHaveURL(/#\/games$/);
    expect(await storageValue(page, 'yearly_income')).toBe('60000');
    expect(JSON.parse((await storageValue(page, 'yearly_income_budget')) ?? 'null')).toEqual({
      monthly: 5000,
      needs: 2500,
      wants: 1500,
      savings: 1000,
    });
    expect(await storageValue(page, 'quest_yearly-income')).toBe('{"isStarted":false,"timeRemaining":0}');
    expect(await storageValue(page, 'userLives')).toBe('5');
    // Unlocked by the server when the fact reaches it, then mirrored here.
    await expect.poll(() => storageValue(page, 'budget_master_unlocked')).toBe('true');
  });

  test('when a budget is set up in Track Spending, then it is stored and the quest pays', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await quests.start('Track Spending');
    const dialog = quests.dialog('Track Spending');
    await dialog.getByLabel('Income').fill('2000');
    await dialog.getByLabel('How often are you paid?').selectOption({ label: 'Every two weeks' });
    await dialog.getByRole('button', { name: 'Save Budget' }).click();
    // A celebration like the other modal quests', then the games.
    await expect(dialog.getByRole('status')).toContainText('Budget saved!');
    await expect(page).toHaveURL(/#\/games$/);
    expect(await storageValue(page, 'budget_income')).toBe('2000');
    expect(await storageValue(page, 'budget_frequency')).toBe('biweekly');
    expect(await storageValue(page, 'userLives')).toBe('3');
    // Unlocked by the server when the fact reaches it, then mirrored here.
    await expect.poll(() => storageValue(page, 'budget_master_unlocked')).toBe('true');
  });

  test('when the top spending category is blank, then it is refused; a name completes the quest', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await quests.start('Top Spending Category');
    const dialog = quests.dialog('Top Spending Category');
    const input = dialog.getByLabel('What do you spend the most on?');
    await input.fill('   ');
    await dialog.getByRole('button', { name: 'Complete Quest' }).click();
    await expect(dialog.getByText('Please enter your top spending category.')).toBeVisible();
    await expect(input).toHaveAttribute('maxlength', '50');
    await input.fill('  Groceries ');
    await dialog.getByRole('button', { name: 'Complete Quest' }).click();
    await expect(dialog.getByRole('status')).toContainText('Congratulations!');
    await expect(dialog.getByRole('status')).toContainText(
      'Keeping an eye on Groceries is a great first step.',
    );
    await expect(page).toHaveURL(/#\/games$/);
    expect(await storageValue(page, 'userLives')).toBe('4');
  });
});

test.describe('the spending guesstimate with a known income', () => {
  test.use({ session: 'signed-in', progress: { budget_income: '6000', budget_frequency: 'monthly' } });

  test('when $5,000 is guessed on a $6,000 income, then the comparison warns in orange and the quest completes', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await quests.start('Spending Guesstimate');
    const dialog = quests.dialog('Spending Guesstimate');
    const next = dialog.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    for (const option of ['$4,000 or less', '$5,000', '$6,000', '$7,000+'])
      await expect(dialog.getByRole('radio', { name: option })).toBeVisible();
    await dialog.getByRole('radio', { name: '$5,000' }).check();
    await next.click();
    await expect(dialog.getByText('Less than 20% of your income would be left.')).toBeVisible();
    await expect(dialog).toContainText('$6,000.00');
    expect(await storageValue(page, 'monthly_spending_guess')).toBe('5000');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Great guess!')).toBeVisible();
    await expect(page).toHaveURL(/#\/games$/);
    expect(await storageValue(page, 'quest_spending-guesstimate')).toBe(
      '{"isStarted":false,"timeRemaining":0}',
    );
  });
});

test.describe('a player with a bank', () => {
  test.use({ session: 'signed-in', timezoneId: 'UTC' });

  /** Links the sandbox bank; the browser's clock starts a day ahead, past the generated history. */
  async function openWithBank(
    page: Page,
    request: import('@playwright/test').APIRequestContext,
    token: string,
  ) {
    const { itemId } = await linkBankViaApi(request, token);
    const start = Date.now() + DAY_MS;
    await page.clock.install({ time: start });
    await serverFollowsPageClock(page);
    return { itemId, questDay: utcDay(start) };
  }

  test('when a day passes without eating out, then the quest completes and pays 3 lives', async ({
    quests,
    page,
    request,
    user,
  }) => {
    await openWithBank(page, request, user.token);
    await quests.goto();
    await expect(quests.section('Unlock More Quests (Optional)')).toHaveCount(0);
    await expect(quests.card('Weekly Check-In')).toBeVisible();
    await quests.start('No Eating Out');
    await quests.expectStatus('No Eating Out', 'In progress');
    await expect(quests.countdown('No Eating Out')).toHaveText('24:00:00');
    await page.clock.runFor(2000);
    await expect(quests.countdown('No Eating Out')).toHaveText('23:59:58');
    await expect(quests.button('No Eating Out', 'Give Up')).toBeVisible();

    await page.clock.fastForward('24:00:00');
    await expect(
      quests.notice('Quest Complete! You did not eat out in the last 24 hours. Points awarded!'),
    ).toBeVisible();
    await quests.expectStatus('No Eating Out', 'Completed');
    await expect(quests.lives).toContainText('Lives Remaining: 3');
  });

  test('when a restaurant meal is in the bank that day, then the quest is not completed and can start again', async ({
    quests,
    page,
    request,
    user,
  }) => {
    const { itemId, questDay } = await openWithBank(page, request, user.token);
    await quests.goto();
    await quests.start('No Eating Out');
    await startReachesServer(page);
    await addSandboxTransactions(request, itemId, [
      { description: "TONY'S PIZZA", amount: 18.5, date: questDay },
    ]);
    await page.clock.fastForward('24:00:01');
    await expect(quests.notice('a restaurant purchase was found in the last 24 hours')).toBeVisible();
    await quests.expectStatus('No Eating Out', 'Not started');
    await expect(quests.button('No Eating Out', 'Start')).toBeVisible();
    await expect(quests.lives).toContainText('Lives Remaining: 0');
  });

  test('when $5.00 moves to savings, then the savings quest completes after the heads-up', async ({
    quests,
    page,
    request,
    user,
  }) => {
    const { itemId, questDay } = await openWithBank(page, request, user.token);
    await quests.goto();
    await quests.start('Move $5 to Savings');
    const headsUp = quests.dialog('Heads up!');
    await expect(headsUp).toContainText(
      'This quest will show as complete when Plaid updates the transaction data.',
    );
    await headsUp.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/games$/);
    await startReachesServer(page);
    await addSandboxTransactions(request, itemId, [
      { description: 'Transfer to Savings', amount: 5, date: questDay },
    ]);
    await page.clock.fastForward('24:00:01');
    await expect(quests.notice('Quest Complete! You moved at least $5 to savings.')).toBeVisible();
    await quests.goto();
    await quests.expectStatus('Move $5 to Savings', 'Completed');
  });

  test('when only $4.99 moves to savings, then the savings quest says it was not met', async ({
    quests,
    page,
    request,
    user,
  }) => {
    const { itemId, questDay } = await openWithBank(page, request, user.token);
    await quests.goto();
    await quests.start('Move $5 to Savings');
    await quests.dialog('Heads up!').getByRole('button', { name: 'OK' }).click();
    await startReachesServer(page);
    await addSandboxTransactions(request, itemId, [
      { description: 'Transfer to Savings', amount: 4.99, date: questDay },
    ]);
    await page.clock.fastForward('24:00:01');
    await expect(quests.notice('no transfer of at least $5 to savings was found')).toBeVisible();
    await quests.goto();
    await expect(quests.button('Move $5 to Savings', 'Start')).toBeVisible();
  });

  test('when the weekly check-in starts, then it says it is complete with what it paid (7 lives, 5 at most) and opens Transactions at the top', async ({
    quests,
    page,
    request,
    user,
  }) => {
    await openWithBank(page, request, user.token);
    await quests.goto();
    const start = quests.button('Weekly Check-In', 'Start');
    await start.scrollIntoViewIfNeeded();
    await start.click();
    const dialog = quests.dialog('Weekly Check-In');
    await expect(dialog.getByRole('status')).toContainText('Check-in complete!');
    await expect(dialog.getByRole('status')).toContainText(
      'You earned 50 XP and 5 lives. Your lives are full (5 of 5).',
    );
    expect(await storageValue(page, 'userLives')).toBe('5');
    await dialog.getByRole('button', { name: 'Review My Week' }).click();
    await expect(page).toHaveURL(/#\/transactions$/);
    await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await quests.goto();
    await quests.expectStatus('Weekly Check-In', 'Completed');
  });
});

test.describe('a quest that ended while the app was closed', () => {
  test.use({ session: 'signed-in', timezoneId: 'UTC' });

  test('when the app opens after the day is over, then the quest is checked at once', async ({
    quests,
    page,
    request,
    user,
  }) => {
    await linkBankViaApi(request, user.token);
    const now = Date.now() + 3 * DAY_MS;
    await page.clock.install({ time: now });
    await serverFollowsPageClock(page);
    const started = now - DAY_MS - 60_000;
    // Started a day ago on every device: the server's record, mirrored in this browser.
    await seedServerProgress(user.token, {
      'quest_eating-out': '{"isStarted":true,"timeRemaining":86400}',
      'quest_timer_eating-out': String(started),
    });
    await page.addInitScript((t) => {
      localStorage.setItem('quest_eating-out', '{"isStarted":true,"timeRemaining":86400}');
      localStorage.setItem('quest_timer_eating-out', String(t));
    }, started);
    await quests.goto();
    await expect(
      quests.notice('Quest Complete! You did not eat out in the last 24 hours. Points awarded!'),
    ).toBeVisible();
    await quests.expectStatus('No Eating Out', 'Completed');
  });
});

test.describe('the development pages', () => {
  test.use({
    session: 'signed-in',
    progress: {
      quest_savings: '{oops',
      'quest_timer_eating-out': '-5',
      'quest_yearly-income': '{"isStarted":true,"timeRemaining":0}',
    },
  });

  test('when stored quest data is corrupted, then Quests still works and the dev admin reports it', async ({
    quests,
    page,
  }) => {
    await quests.goto();
    await expect(quests.button('Yearly Income', 'Continue')).toBeVisible();
    await page.goto('/#/dev-admin');
    await expect(page.getByRole('heading', { name: 'Dev Admin', level: 1 })).toBeVisible();
    await expect(page.getByText('For development only.')).toBeVisible();
    const savings = page.getByRole('article', { name: 'savings', exact: true });
    await expect(savings).toContainText('Invalid JSON data');
    await expect(savings).toContainText('Not Started');
    await expect(page.getByRole('article', { name: 'yearly-income' })).toContainText('Started');
    await expect(page.getByRole('article', { name: 'eating-out' })).toContainText('Invalid JSON data');
    await expect(page.getByRole('article', { name: 'track-spending' })).not.toContainText(
      'Invalid JSON data',
    );
    await savings.getByRole('button', { name: 'Reset savings' }).click();
    await expect(savings).not.toContainText('Invalid JSON data');
    expect(await storageValue(page, 'quest_savings')).toBeNull();
  });

  test('when the test quest page forces states, then the financial-guru state follows', async ({ page }) => {
    // The session's start mirrors the server's quests into this browser (DECISIONS: the referee);
    // a forced state is this browser's own, so it is forced once that answer is in. On a slow
    // machine the answer came after the first click and put the quest back to not started.
    const sessionProgress = page.waitForResponse(
      (r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/progress',
    );
    await page.goto('/#/quests/test-quest');
    await expect(page.getByText('For development only.')).toBeVisible();
    const state = page.getByRole('region', { name: 'Financial Guru quest state' });
    await expect(state).toContainText('isStartedfalse');
    await (await sessionProgress).finished();
    await expect(async () => {
      await page.getByRole('button', { name: 'Force Started State' }).click();
      await expect(state).toContainText('isStartedtrue', { timeout: 2_000 });
    }).toPass();
    await expect(state).toContainText('86400 s');
    await page.getByRole('button', { name: 'Complete Quest' }).click();
    await expect(state).toContainText('progressPercentage100%');
    await expect(state).toContainText('completedtrue');
    // A development page never changes what the server pays (DECISIONS: the referee).
    expect(await storageValue(page, 'userLives')).not.toBe('5');
    await page.getByRole('button', { name: 'Reset Quest' }).click();
    await expect(state).toContainText('completedfalse');
    expect(await storageValue(page, 'quest_financial-guru')).toBeNull();
  });
});

test.describe('a quest without a timer', () => {
  test.use({ session: 'signed-in' });

  test('when Financial Guru is started, left and come back to, then it reads in progress here and on a fresh device', async ({
    quests,
    page,
    browser,
    user,
  }) => {
    await quests.goto();
    await quests.expectStatus('Financial Guru', 'Not started');
    await quests.start('Financial Guru');
    await expect(page).toHaveURL(/#\/quests\/financial-guru-article$/);
    await expect.poll(() => storageValue(page, 'progress_outbox')).toBeNull();
    await quests.goto();
    await quests.expectStatus('Financial Guru', 'In progress');

    await onFreshDevice(browser, page, user, async (fresh) => {
      const other = new QuestsPage(fresh);
      await other.goto();
      await other.expectStatus('Financial Guru', 'In progress');
    });
  });
});
