// The Category Matcher: a bank-linked user sorts their uncategorised transactions by keyboard or
// pointer against the 5 s clock; the results reach the lists on /transactions and Home without a
// reload, and each failure shows the spec's text.
import { expect, test } from './fixtures';
import { MATCHER_TEXT, leaveUncategorised, matcherOn } from './pages/category-matcher';
import { storageValue } from '../support/browser/users';

test.use({ session: 'bank-linked' });

test.describe('a bank-linked user with three uncategorised transactions', () => {
  test('when they sort every card by keyboard, then the lists on Transactions and Home show the picks', async ({
    page,
    request,
    user,
    transactions,
    home,
  }) => {
    await leaveUncategorised(request, user.token, 3);
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();

    const picked: string[] = [];
    await expect(matcher.progress).toHaveText('1 / 3');
    await page.keyboard.press('3');
    picked.push('Savings');
    await expect(matcher.progress).toHaveText('2 / 3');
    await expect(matcher.xp).toHaveText('XP: +10');
    await page.keyboard.press('2');
    picked.push('Want');
    await expect(matcher.progress).toHaveText('3 / 3');
    // Enter accepts the highlighted suggestion, whatever it is for this card.
    const suggested = (await matcher.suggestion.textContent()) ?? '';
    expect(['Need', 'Want', 'Savings', 'Income']).toContain(suggested);
    await page.keyboard.press('Enter');
    picked.push(suggested);

    // The summary lists each card with its label before anything is saved.
    for (const [i, category] of picked.entries()) await expect(matcher.summaryLabel(i)).toHaveValue(category);
    await matcher.saveRound.click();
    await expect(matcher.saved).toBeVisible();
    await expect(matcher.totalXp).toHaveText('Total XP: +30');
    expect(Number(await storageValue(page, 'user_xp'))).toBe(30);
    const stored = JSON.parse((await storageValue(page, 'category_matcher_results')) ?? '{}') as object;
    expect(Object.values(stored)).toEqual(picked);

    for (const [i, category] of picked.entries())
      await expect(transactions.cardRows.nth(i)).toContainText(category);
    await transactions.navLink('Home').click();
    await home.waitToLoad();
    for (const [i, category] of picked.entries())
      await expect(home.recentRows.filter({ hasNot: page.locator('.badge-transfer') }).nth(i)).toContainText(
        category,
      );
  });

  test('when they sort by pointer on the games route, then the matcher saves and costs no life', async ({
    page,
    request,
    user,
  }) => {
    await leaveUncategorised(request, user.token, 3);
    await page.goto('/#/games/category-matcher');
    await expect(page.getByText('Free: costs no lives')).toBeVisible();
    const lives = page.getByText(/Lives Remaining: \d/);
    const livesBefore = await lives.textContent();
    const matcher = matcherOn(page);
    await matcher.start.click();
    for (const category of ['Need', 'Income', 'Want']) {
      await matcher.choice(category).click();
    }
    await matcher.saveRound.click();
    await expect(matcher.saved).toBeVisible();
    await expect(matcher.totalXp).toHaveText('Total XP: +30');
    await expect(lives).toHaveText(livesBefore ?? '');
    await expect(matcher.start).toHaveCount(0);
  });

  test('when they play on a touch screen, then no key hints show; with a mouse and keyboard they do', async ({
    page,
    request,
    user,
  }, info) => {
    await leaveUncategorised(request, user.token, 3);
    await page.goto('/#/games/category-matcher');
    const matcher = matcherOn(page);
    const keysHint = page.getByText('Keys 1 to 4 pick a category; Enter takes the suggestion.');
    const keyCaps = page.locator('.matcher-choice kbd');
    await expect(matcher.start).toBeVisible();
    if (info.project.name === 'phone') await expect(keysHint).toBeHidden();
    else await expect(keysHint).toBeVisible();
    await matcher.start.click();
    await expect(matcher.choice('Need')).toBeVisible();
    if (info.project.name === 'phone') {
      await expect(keyCaps.first()).toBeHidden();
      await expect(page.getByText('(press Enter)')).toBeHidden();
      // The buttons still work by touch.
      await matcher.choice('Need').click();
      await expect(matcher.progress).toHaveText('2 / 3');
    } else {
      await expect(keyCaps).toHaveCount(4);
      await expect(keyCaps.first()).toBeVisible();
    }
  });

  test('when a card runs out of time, then it turns red at 2 s, becomes Want and costs 5 XP', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    await leaveUncategorised(request, user.token, 3);
    await page.clock.install();
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();

    await expect(matcher.timer).toHaveText(/5s$/);
    await page.clock.runFor(2_000);
    await expect(matcher.timer).toHaveText(/3s$/);
    await expect(matcher.timer).not.toHaveClass(/urgent/);
    await page.clock.runFor(1_000);
    await expect(matcher.timer).toHaveText(/2s Hurry!$/);
    await expect(matcher.timer).toHaveClass(/urgent/);
    await expect(matcher.progress).toHaveText('1 / 3');
    await page.clock.runFor(2_000);
    await expect(matcher.progress).toHaveText('2 / 3');
    await expect(matcher.xp).toHaveText('XP: -5');

    await matcher.choice('Need').click();
    await expect(matcher.progress).toHaveText('3 / 3');
    await page.clock.runFor(5_000);
    // The summary marks the two timeouts.
    await expect(matcher.summary.getByRole('listitem').nth(0)).toContainText('Timed out');
    await expect(matcher.summary.getByRole('listitem').nth(1)).not.toContainText('Timed out');
    await expect(matcher.summary.getByRole('listitem').nth(2)).toContainText('Timed out');
    await expect(matcher.summary).toContainText('Round XP: 0');
    await matcher.saveRound.click();
    await expect(matcher.saved).toBeVisible();
    await expect(matcher.totalXp).toHaveText('Total XP: 0');
    await expect(transactions.cardRows.nth(0)).toContainText('Want');
    await expect(transactions.cardRows.nth(1)).toContainText('Need');
    await expect(transactions.cardRows.nth(2)).toContainText('Want');
  });
});

test.describe('a bank-linked user who skips a card and changes a label at the end (issue 24)', () => {
  test('when they skip one and relabel another in the summary, then the skip is not sent and pays nothing', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    const names = await leaveUncategorised(request, user.token, 3);
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();
    // Full names show whole (they wrap), not cut to three words.
    await expect(matcher.card.locator('.matcher-name')).toHaveText(names[0]);
    await matcher.skip.click();
    await expect(matcher.xp).toHaveText('XP: 0');
    await matcher.choice('Need').click();
    await matcher.choice('Want').click();

    await expect(matcher.summary.getByRole('listitem')).toHaveCount(3);
    for (const [i, name] of names.entries())
      await expect(matcher.summary.getByRole('listitem').nth(i)).toContainText(name);
    await expect(matcher.summaryLabel(0)).toHaveValue('skip');
    await expect(matcher.summaryLabel(1)).toHaveValue('Need');
    await expect(matcher.summaryLabel(2)).toHaveValue('Want');
    await matcher.summaryLabel(2).selectOption('Savings');
    await expect(matcher.summary).toContainText('Round XP: +20');

    const sent = page.waitForRequest('**/api/plaid/update-transaction-categories');
    await matcher.saveRound.click();
    const body = (await sent).postDataJSON() as { categories: { budget_category: string }[] };
    expect(body.categories.map((c) => c.budget_category)).toEqual(['Need', 'Savings']);
    await expect(matcher.saved).toBeVisible();
    await expect(matcher.totalXp).toHaveText('Total XP: +20');
    expect(Number(await storageValue(page, 'user_xp'))).toBe(20);
    await matcher.root.getByRole('button', { name: 'Done' }).click();
    await expect(matcher.root).toContainText('Sort 1 transaction into');
  });
});

test.describe('a bank-linked user in a long round', () => {
  test('when they stop after two cards, then those two are saved and the third waits for the next round', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    await leaveUncategorised(request, user.token, 3);
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();
    await matcher.choice('Income').click();
    await matcher.choice('Savings').click();
    await expect(matcher.progress).toHaveText('3 / 3');
    await matcher.root.getByRole('button', { name: 'Stop and review' }).click();
    await expect(matcher.summary.getByRole('listitem')).toHaveCount(2);
    await matcher.saveRound.click();

    await expect(matcher.saved).toBeVisible();
    await expect(matcher.totalXp).toHaveText('Total XP: +20');
    await expect(transactions.cardRows.nth(0)).toContainText('Income');
    await expect(transactions.cardRows.nth(1)).toContainText('Savings');
    await expect(transactions.cardRows.nth(2)).toContainText('Uncategorized');
    await matcher.root.getByRole('button', { name: 'Done' }).click();
    await expect(matcher.root).toContainText('Sort 1 transaction into');
  });
});

test.describe('when the server fails', () => {
  test('when the transactions cannot load, then the matcher says so', async ({ page, transactions }) => {
    await page.route('**/api/plaid/transactions', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await page.goto('/#/transactions');
    await expect(transactions.heading('Transactions')).toBeVisible();
    await expect(matcherOn(page).alert(MATCHER_TEXT.loadFailed)).toHaveText(MATCHER_TEXT.loadFailed);
  });

  test('when saving fails, then the spec text shows and Try again saves', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    await leaveUncategorised(request, user.token, 1);
    await page.route('**/api/plaid/update-transaction-categories', (route) =>
      route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();
    await page.keyboard.press('1');
    await matcher.saveRound.click();
    await expect(matcher.alert(MATCHER_TEXT.saveFailed)).toBeVisible();
    expect(Number(await storageValue(page, 'user_xp'))).toBe(0);

    await page.unroute('**/api/plaid/update-transaction-categories');
    await matcher.tryAgain.click();
    await expect(matcher.saved).toBeVisible();
    await expect(transactions.cardRows.nth(0)).toContainText('Need');
  });

  test('when a sync removed every transaction of the round, then it says so instead of offering a retry', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    await leaveUncategorised(request, user.token, 1);
    await page.route('**/api/plaid/update-transaction-categories', (route) =>
      route.fulfill({ status: 404, json: { error: 'No such transactions' } }),
    );
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();
    await page.keyboard.press('1');
    await matcher.saveRound.click();
    await expect(matcher.alert(MATCHER_TEXT.gone)).toBeVisible();
    await expect(matcher.tryAgain).toHaveCount(0);
    expect(Number(await storageValue(page, 'user_xp'))).toBe(0);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(matcher.start).toBeVisible();
  });

  test('when the list cannot reload after saving, then the matcher says new transactions failed to load', async ({
    page,
    request,
    user,
    transactions,
  }) => {
    await leaveUncategorised(request, user.token, 1);
    let loads = 0;
    await page.route('**/api/plaid/transactions', (route) =>
      loads++ === 0 ? route.continue() : route.fulfill({ status: 500, json: { error: 'boom' } }),
    );
    await transactions.goto();
    const matcher = matcherOn(page);
    await matcher.start.click();
    await page.keyboard.press('4');
    await matcher.saveRound.click();
    await expect(matcher.saved).toBeVisible();
    await expect(matcher.alert(MATCHER_TEXT.reloadFailed)).toBeVisible();
  });
});
