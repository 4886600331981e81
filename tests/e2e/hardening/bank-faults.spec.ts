// Issue 15, part 6 in the browser: the local sandbox is told to fail (its /sandbox/item/set_fault)
// and the user sees the spec's words on Home, keeps the transactions shown before, and the next
// Refresh Data works. The API side (data, cursor, no duplicates) is tests/hardening/bank-faults.test.ts.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import type { HomePage } from '../pages/home-page';
import type { TestUser } from '../../support/browser/users';
import { linkedItemId, setSandboxFault } from '../../support/browser/bank';

test.use({ session: 'bank-linked' });

/** Home with its five recent rows shown; answers the Item's id and the rows' text. */
async function homeWithRows({
  request,
  user,
  home,
}: {
  request: APIRequestContext;
  user: TestUser;
  home: HomePage;
}) {
  const itemId = await linkedItemId(request, user.token);
  await home.goto();
  await expect(home.recentRows).toHaveCount(5);
  return { itemId, before: await home.recentList.textContent() };
}

test('when the bank answers 500, then Home says so, keeps its rows, and the next refresh works', async ({
  page,
  request,
  user,
  home,
}) => {
  const { itemId, before } = await homeWithRows({ request, user, home });

  await setSandboxFault(request, itemId, 'INTERNAL_SERVER_ERROR');
  await home.refresh.click();
  const banner = home.notice('Something went wrong. Please try again later.');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your data below is as it was before the refresh.');
  expect(await home.recentList.textContent()).toBe(before);

  // The fault was for one answer: the next refresh goes through and the warning goes with it.
  const answered = page.waitForResponse('**/api/plaid/fetch-transactions');
  await home.refresh.click();
  expect((await answered).status()).toBe(200);
  await expect(banner).toHaveCount(0);
  await expect(home.recentRows).toHaveCount(5);
});

test('when the bank login expires, then Home asks to reconnect in the spec words and keeps its rows', async ({
  request,
  user,
  home,
}) => {
  const { itemId, before } = await homeWithRows({ request, user, home });

  await setSandboxFault(request, itemId, 'ITEM_LOGIN_REQUIRED');
  await home.refresh.click();
  await expect(home.notice('Your bank login has expired. Please reconnect your account.')).toBeVisible();
  expect(await home.recentList.textContent()).toBe(before);
});
