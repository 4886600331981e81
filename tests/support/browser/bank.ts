// The browser tests' bank: a sandbox bank linked through the API for tests whose subject is not the
// Link flow itself (Home's recent list, disconnecting from Profile), its transactions, and the
// sandbox's test hooks (faults, custom transactions).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { deriveAccessToken } from '../../../server/plaid-sandbox/items';
import { E2E_BASE_URL, E2E_DATA_DIR } from '../../../playwright.config';
import { linkSandboxBank, syncUntilReady } from '../accounts';
import { requestFetcher } from './users';

export const SANDBOX_BANK = 'First Platypus Bank';

interface Linked {
  itemId: string;
}

/**
 * The shared link helper (tests/support/accounts.ts) on the browser tests' server, then its first
 * sync. With `webhooks`, the sandbox posts the Item's webhooks to that server, as after Link.
 */
export async function linkBankViaApi(
  request: APIRequestContext,
  token: string,
  { webhooks = false }: { webhooks?: boolean } = {},
): Promise<Linked> {
  const call = requestFetcher(request);
  const { client_id, secret } = sandboxKeys();
  const itemId = await linkSandboxBank(
    call,
    token,
    { clientId: client_id, secret },
    webhooks ? { webhook: `${E2E_BASE_URL}/api/plaid/webhook` } : {},
  );
  await syncUntilReady(call, token);
  return { itemId };
}

export interface BankTransaction {
  plaidId: string;
  name: string;
  merchant_name: string | null;
}

/** The user's bank transactions as the API lists them (newest first). */
export async function bankTransactions(
  request: APIRequestContext,
  token: string,
): Promise<BankTransaction[]> {
  const res = await request.get('/api/plaid/transactions', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as BankTransaction[];
}

/** Adds a manual expense through the API, as the Add Expense modal does. */
export async function addManualExpenseViaApi(
  request: APIRequestContext,
  token: string,
  expense: { amount: number; category: 'Want' | 'Need' | 'Savings'; name: string },
): Promise<void> {
  const res = await request.post('/api/transactions/manual', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...expense, date: new Date().toISOString() },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const dataFile = (file: string) => readFileSync(path.resolve(E2E_DATA_DIR, file), 'utf8').trim();

/** The sandbox's keys, generated into the server's data folder. */
const sandboxKeys = () => ({
  client_id: dataFile('plaid-sandbox-client-id'),
  secret: dataFile('plaid-sandbox-secret'),
});

/** The sandbox's keys and the Item's access token, read and derived from the server's data folder. */
function sandboxCredentials(itemId: string) {
  const key = Buffer.from(dataFile('encryption-key'), 'hex');
  return { ...sandboxKeys(), access_token: deriveAccessToken(key, itemId) };
}

/** Arms a bank fault for the Item's next syncs (the sandbox's /sandbox/item/set_fault); null clears. */
export async function setSandboxFault(
  request: APIRequestContext,
  itemId: string,
  fault: 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | 'PRODUCT_NOT_READY' | 'ITEM_LOGIN_REQUIRED' | null,
  count = 1,
): Promise<void> {
  const res = await request.post('/plaid-sandbox/sandbox/item/set_fault', {
    data: { ...sandboxCredentials(itemId), fault, count },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The user's one linked Item, as the accounts list names it. */
export async function linkedItemId(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.get('/api/plaid/accounts', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { itemId: string }[])[0]!.itemId;
}

/** A transaction for the sandbox's `/sandbox/transactions/create` (Plaid's fields). */
export interface SandboxTransaction {
  description: string;
  /** Dollars; positive is money out. */
  amount: number;
  /** YYYY-MM-DD; the sandbox takes today (its UTC day, one day's grace) back to 14 days ago. */
  date: string;
}

/**
 * Adds transactions to a linked Item the way a Plaid developer would, through the sandbox API.
 * The keys and the access token are the server's own, read and derived from its data folder
 * (the access token never leaves the server otherwise).
 */
export async function addSandboxTransactions(
  request: APIRequestContext,
  itemId: string,
  transactions: SandboxTransaction[],
): Promise<void> {
  const res = await request.post('/plaid-sandbox/sandbox/transactions/create', {
    data: {
      ...sandboxCredentials(itemId),
      transactions: transactions.map((t) => ({
        description: t.description,
        amount: t.amount,
        date_transacted: t.date,
        date_posted: t.date,
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export interface BankRow {
  amount: number;
  date: string;
  account_id: string;
  personal_finance_category: string | null;
  budget_category?: string | null;
}

/**
 * The rows left when both sides of every transfer between the user's own accounts are taken out
 * (issue 12), written apart from the app's own helper: a TRANSFER_OUT and a TRANSFER_IN of the same
 * cents on two accounts at most 3 days apart, the nearest first.
 */
export function withoutOwnTransfers<T extends BankRow>(rows: T[]): T[] {
  const days = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;
  const paired = new Set<T>();
  for (const out of rows.filter((r) => r.personal_finance_category === 'TRANSFER_OUT' && r.amount > 0)) {
    const partner = rows
      .filter(
        (r) =>
          r.personal_finance_category === 'TRANSFER_IN' &&
          !paired.has(r) &&
          r.account_id !== out.account_id &&
          Math.round(r.amount * 100) === -Math.round(out.amount * 100) &&
          Math.abs(days(r.date) - days(out.date)) <= 3,
      )
      .sort((a, b) => Math.abs(days(a.date) - days(out.date)) - Math.abs(days(b.date) - days(out.date)))[0];
    if (partner) paired.add(out).add(partner);
  }
  return rows.filter((r) => !paired.has(r));
}
