// Live bank data (issue 27): a transaction the bank gets reaches pages that are already open,
// through the sandbox's signed webhook, the server's background sync and the event stream, with
// no click; and another tab's change reaches this one.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addSandboxTransactions, linkBankViaApi } from '../support/browser/bank';

test.use({ session: 'signed-in' });

/** The bank's day as the sandbox counts it (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/** Waits until the page's event stream has answered (it opens a moment after the page settles). */
const streamOpen = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200, { timeout: 30_000 });

test('when the bank gets a new transaction, then the open Transactions page and Home show it with no click', async ({
  page,
  request,
  user,
  transactions,
  home,
}) => {
  const { itemId } = await linkBankViaApi(request, user.token, { webhooks: true });
  const opened = streamOpen(page);
  await transactions.goto();
  await opened;
  await expect(transactions.row('Live Webhook Cafe')).toHaveCount(0);
  await addSandboxTransactions(request, itemId, [
    { description: 'Live Webhook Cafe', amount: 14.2, date: today() },
  ]);
  await expect(transactions.row('Live Webhook Cafe')).toBeVisible({ timeout: 30_000 });

  // Home (the same page load, so the same stream) learns of the next one too.
  await home.goto();
  await addSandboxTransactions(request, itemId, [
    { description: 'Live Webhook Diner', amount: 9.5, date: today() },
  ]);
  await expect(home.recentList.getByText('Live Webhook Diner')).toBeVisible({ timeout: 30_000 });
});

test("when another tab adds an expense, then this tab's Home lists it with no click", async ({
  page,
  request,
  user,
  home,
}) => {
  const opened = streamOpen(page);
  await home.goto();
  await opened;
  await expect(home.manualList.getByText('From another tab')).toHaveCount(0);
  // Another tab (its own page load, so its own id): the same account's API call.
  const res = await request.post('/api/transactions/manual', {
    headers: { Authorization: `Bearer ${user.token}`, 'X-Client-Id': 'another-tab-0001' },
    data: { amount: 4.25, category: 'Want', name: 'From another tab', date: new Date().toISOString() },
  });
  expect(res.status()).toBe(201);
  await expect(home.manualList.getByText('From another tab')).toBeVisible({ timeout: 30_000 });
});
