// Visual tests of the Category Matcher (DOM, so stable without a stepped clock): its intro and its
// saved screen on /games/category-matcher for a bank-linked user with three cards to sort. The
// cards themselves show the linked bank's own (per-test) transactions, so they are left to
// tests/e2e/matcher.spec.ts.
import { expect, test } from '../fixtures';
import { leaveUncategorised, matcherOn } from '../pages/category-matcher';

test.use({ session: 'bank-linked' });

test('when three transactions wait, then the intro and, after sorting them, the saved screen look as before', async ({
  page,
  request,
  user,
}) => {
  await leaveUncategorised(request, user.token, 3);
  await page.goto('/#/games/category-matcher');
  const matcher = matcherOn(page);
  await expect(matcher.start).toBeVisible();
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await expect(matcher.root).toHaveScreenshot('matcher-intro.png');

  await matcher.start.click();
  for (const category of ['Need', 'Want', 'Savings']) await matcher.choice(category).click();
  await matcher.saveRound.click();
  await expect(matcher.totalXp).toHaveText('Total XP: +30');
  await expect(matcher.root).toHaveScreenshot('matcher-saved.png');
});
