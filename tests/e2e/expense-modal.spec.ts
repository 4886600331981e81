// The Add Expense modal's inputs and celebration (issues 8 and 9): the amount hint names the
// two-decimal rule, the category choice shows one focus ring and follows the arrow keys, and the
// celebration is calm for users who ask for reduced motion.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ExpenseModal } from './pages/expense-modal';

test.use({ session: 'signed-in' });

const HINT = 'Enter an amount above $0 with at most 2 decimals, up to $1,000,000.';

/** Elements of the modal that draw a visible focus ring (an outline on a non-transparent box). */
function focusRings(modal: ExpenseModal) {
  return modal.form.evaluate((dialog) =>
    [dialog, ...dialog.querySelectorAll('*')]
      .filter((el) => {
        const s = getComputedStyle(el);
        const outlined = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
        return outlined && s.opacity !== '0' && s.visibility !== 'hidden';
      })
      .map((el) => el.textContent?.trim() ?? ''),
  );
}

test('when the amount has three decimals, then the hint and the error say at most 2 decimals and Done stays disabled', async ({
  home,
  expenseModal: modal,
}) => {
  await home.goto();
  await home.enterExpense.click();
  await expect(modal.amount).toHaveAccessibleDescription(HINT);

  await modal.amount.fill('12.345');
  await expect(modal.form.getByText('Amount can have at most 2 decimal places')).toBeVisible();
  await expect(modal.amount).toHaveAttribute('aria-invalid', 'true');
  await expect(modal.amount).toHaveAccessibleDescription(`${HINT} Amount can have at most 2 decimal places`);
  await expect(modal.done).toBeDisabled();

  await modal.amount.fill('12.34');
  await expect(modal.form.getByText('Amount can have at most 2 decimal places')).toHaveCount(0);
  await expect(modal.amount).not.toHaveAttribute('aria-invalid');
  await expect(modal.done).toBeEnabled();
});

test('when the category is reached by keyboard, then exactly one focus ring shows, on the chosen segment, and arrows move the choice', async ({
  page,
  home,
  expenseModal: modal,
}) => {
  await home.goto();
  await home.enterExpense.click();
  await expect(modal.amount).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.category('Want')).toBeFocused();
  await expect(modal.category('Want')).toBeChecked();
  expect(await focusRings(modal)).toEqual(['Want']);

  await page.keyboard.press('ArrowRight');
  await expect(modal.category('Need')).toBeChecked();
  await expect(modal.category('Need')).toBeFocused();
  expect(await focusRings(modal)).toEqual(['Need']);
  await page.keyboard.press('ArrowRight');
  await expect(modal.category('Savings')).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(modal.category('Need')).toBeChecked();
  expect(await focusRings(modal)).toEqual(['Need']);

  // A pointer choice shows no focus ring at all.
  await modal.category('Savings').click();
  await expect(modal.category('Savings')).toBeChecked();
  expect(await focusRings(modal)).toEqual([]);
});

/** Saves an expense with the page's clock paused, so nothing on screen moves on its own. */
async function saveWithClockPaused(page: Page, modal: ExpenseModal, openModal: () => Promise<void>) {
  await page.clock.install();
  await openModal();
  await modal.fill('3.50', 'Want', 'Tea');
  await page.clock.pauseAt(new Date(Date.now() + 60_000));
  await modal.done.click();
  await expect(modal.celebration).toBeVisible();
  return modal.reward();
}

test.describe('with reduced motion', () => {
  test('when an expense is saved, then the celebration shows the final XP and hearts at once and nothing moves', async ({
    page,
    home,
    expenseModal: modal,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await home.goto();
    const reward = await saveWithClockPaused(page, modal, () => home.enterExpense.click());

    await expect(modal.celebration.getByText(`+${reward.xp} XP`)).toBeVisible();
    await expect(modal.celebration.getByText(`+${reward.lives}`, { exact: true })).toBeVisible();
    const burst = modal.celebration.getByText('\ud83c\udf89');
    expect(await burst.evaluate((el) => getComputedStyle(el).transform)).toBe('none');
  });
});

test.describe('with motion allowed', () => {
  test('when an expense is saved, then the XP counts up from 0 to the reward as time passes', async ({
    page,
    home,
    expenseModal: modal,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await home.goto();
    const reward = await saveWithClockPaused(page, modal, () => home.enterExpense.click());

    await expect(modal.celebration.getByText('+0 XP')).toBeVisible();
    await page.clock.runFor(2500);
    await expect(modal.celebration.getByText(`+${reward.xp} XP`)).toBeVisible();
  });
});

test.describe('a player whose lives are full', () => {
  test.use({ progress: { user_xp: '0', userGoal: 'Track Spending', userLives: '5' } });

  test('when an expense is saved, then the server pays its XP and a notice says the lives cap kept none of its lives', async ({
    page,
    home,
    expenseModal: modal,
  }) => {
    await home.goto();
    await home.enterExpense.click();
    await modal.fill('3.50', 'Want', 'Coffee');
    await modal.done.click();
    await expect(modal.celebration).toBeVisible();
    await expect(page.getByText('+0 lives: lives full')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userLives'))).toBe('5');
  });
});
