// Issue 29 in the browser: importing a bank statement from Transactions (a CSV whose preview the
// user checks and corrects, then undoes) and exporting from Profile (both files downloaded and
// read back), on a phone and a desktop. Screenshots go to /tmp/i29-shots.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test.use({ session: 'signed-in' });

const CARD_STATEMENT = [
  'Transaction Date,Description,Amount',
  '2026-01-05,Corner Grocer,42.10',
  '2026-01-06,Bus pass,25.00',
  '2026-01-07,Cinema,12.50',
  '2026-01-09,Card payment - thank you,-79.60',
].join('\n');

/** axe (WCAG 2.1 A and AA) finds nothing on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `/tmp/i29-shots/${info.project.name}-${name}.png`, fullPage: true });
}

test('a card statement is previewed, its sign corrected, imported into a named account and undone', async ({
  page,
  transactions,
}, info) => {
  await transactions.goto();
  const card = page.getByRole('region', { name: 'Import a statement' });
  await card.getByLabel('Statement file (CSV, OFX or QFX)').setInputFiles({
    name: 'card-january.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CARD_STATEMENT),
  });

  const preview = card.getByRole('form', { name: 'Preview of card-january.csv' });
  await expect(preview.getByText('4 transactions from Jan 5, 2026 to Jan 9, 2026:')).toBeVisible();
  // Most amounts are positive: read as a card statement, purchases are money spent.
  const spentSign = preview.getByRole('radio', { name: /Positive amounts are money spent/ });
  await expect(spentSign).toBeChecked();
  await expect(preview.getByLabel('Date column', { exact: true })).toHaveValue('0');
  await expect(preview.getByLabel('Amount column', { exact: true })).toHaveValue('2');
  const grocer = preview.getByRole('row').filter({ hasText: 'Corner Grocer' });
  await expect(grocer.getByText('Expense −$42.10')).toBeVisible();
  await shot(page, info, 'import-preview');
  await expectAccessible(page);

  // The user flips the sign: the server reads the file again and the rows follow.
  await preview.getByRole('radio', { name: /Negative amounts are money spent/ }).check();
  await expect(grocer.getByText('Income +$42.10')).toBeVisible();
  await spentSign.check();
  await expect(grocer.getByText('Expense −$42.10')).toBeVisible();

  await preview.getByLabel('Account name').fill('Campus Credit Card');
  await preview.getByRole('button', { name: 'Import 4 transactions' }).click();
  await expect(
    card.getByRole('status').filter({ hasText: 'Imported 4 transactions into Campus Credit Card.' }),
  ).toBeVisible();
  await expect(preview).toBeHidden();

  // The rows are in the list like bank rows, on an account marked as imported; nothing to sync.
  await expect(transactions.rows.filter({ hasText: 'Corner Grocer' })).toHaveCount(1);
  await expect(transactions.bankCard.getByText('Campus Credit Card')).toBeVisible();
  await expect(transactions.bankCard.getByText('Imported', { exact: true })).toBeVisible();
  await expect(transactions.sync).toBeHidden();
  await expect(transactions.bankCard.getByRole('button', { name: 'Connect Bank Account' })).toBeVisible();
  await shot(page, info, 'imported');
  await expectAccessible(page);

  // The same file again adds nothing.
  await card.getByLabel('Statement file (CSV, OFX or QFX)').setInputFiles({
    name: 'card-january.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CARD_STATEMENT),
  });
  await expect(card.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled();
  await expect(card.getByText('Already imported', { exact: true })).toHaveCount(4);
  await card.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Undo import of card-january.csv' }).click();
  const dialog = page
    .getByRole('alertdialog', { name: 'Undo this import?' })
    .or(page.getByRole('dialog', { name: 'Undo this import?' }));
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('Import of card-january.csv undone: 4 transactions removed.')).toBeVisible();
  await expect(transactions.empty).toBeVisible();
  await expect(transactions.bankCard.getByText('Campus Credit Card')).toBeHidden();
});

test('a file with a bad date is refused with its line named, and nothing is stored', async ({
  page,
  transactions,
}) => {
  await transactions.goto();
  const card = page.getByRole('region', { name: 'Import a statement' });
  await card.getByLabel('Statement file (CSV, OFX or QFX)').setInputFiles({
    name: 'broken.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('Date,Description,Amount\n2026-01-05,Ok,-1.00\n2026-02-30,Bad,-2.00\n'),
  });
  await expect(card.getByRole('alert')).toHaveText(
    'Line 3: "2026-02-30" is not a date in the format YYYY-MM-DD.',
  );
  await expect(card.getByRole('form')).toHaveCount(0);
  await expect(transactions.empty).toBeVisible();
});

test('Profile exports every transaction as a CSV and the whole account as JSON, named by date', async ({
  page,
  request,
  user,
  profile,
}, info) => {
  const imported = await request.post('/api/statement-imports', {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      fileName: 'jan.csv',
      content: 'Date,Description,Amount\n2026-01-05,=cmd formula,-3.00\n',
      accountName: 'Local bank',
    },
  });
  expect(imported.status()).toBe(201);
  await profile.goto();
  const card = page.getByRole('region', { name: 'Your data' });
  await card.scrollIntoViewIfNeeded();
  await shot(page, info, 'profile-export');
  await expectAccessible(page);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download transactions (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^budget-quest-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csvText = await readFile((await csv.path())!, 'utf8');
  expect(
    csvText.startsWith('\uFEFFdate,name,merchant,amount,account,label,pending,transfer,source\r\n'),
  ).toBe(true);
  expect(csvText).toContain("2026-01-05,'=cmd formula,,3.00,Local bank,,no,no,imported");
  await expect(page.getByText(`Downloaded ${csv.suggestedFilename()}.`)).toBeVisible();

  const [json] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download all my data (JSON)' }).click(),
  ]);
  expect(json.suggestedFilename()).toMatch(/^budget-quest-data-\d{4}-\d{2}-\d{2}\.json$/);
  const doc = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    profile: { email: string };
    transactions: { name: string }[];
  };
  expect(doc.profile.email).toBe(user.email);
  expect(doc.transactions.map((t) => t.name)).toEqual(['=cmd formula']);
});
