// Typed calls to the bank endpoints (/api/plaid/...) and manual transactions, shared by Home,
// Transactions, the matcher, Profile and the Add Expense modal.
import { api, ApiError } from './api-client';
import type { BudgetCategory, ManualCategory } from '@/domain/categories';

export interface Transaction {
  id: number;
  plaidId: string;
  account_id?: string;
  name: string;
  merchant_name: string | null;
  /** Positive is an expense, negative is income. */
  amount: number;
  date: string;
  category: string[] | string | null;
  budget_category?: BudgetCategory | 'uncategorized' | null;
  pending: boolean;
}
export interface BankAccount {
  id: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  type: string;
  subtype: string | null;
  institutionName: string | null;
  currentBalance: number | null;
  availableBalance: number | null;
  itemId?: string | null;
  needsReconnect?: boolean;
}
export interface ManualTransaction {
  id: number;
  amount: number;
  category: ManualCategory;
  name: string;
  date: string;
  budget_category: ManualCategory;
}
export interface LinkTokenResponse {
  link_token?: string;
  link_script_url?: string;
  mode?: 'create' | 'update';
}

export const BANK_ERRORS = {
  linkToken: 'Failed to create Plaid link token. Please try again.',
  noLinkToken: 'No link token received from server',
  exchange: 'Failed to exchange public token. Please try again.',
  fetch: 'Failed to fetch transactions',
  persisted: 'Failed to fetch persisted transactions. Please try again.',
  accounts: 'Failed to fetch accounts',
  reset: 'Failed to reset transactions. Please try again.',
  categories: 'Failed to update transaction categories. Please try again.',
  disconnect: 'Failed to disconnect bank account. Please try again.',
} as const;

/**
 * Re-throws with the text the spec asks for: 'details' = the server's details, else its error,
 * else the fallback; 'error' = the server's error, else the fallback; 'fixed' = the fallback.
 */
function rethrow(err: unknown, fallback: string, use: 'details' | 'error' | 'fixed'): never {
  if (err instanceof ApiError) {
    const text =
      use === 'details'
        ? (err.details ?? err.serverError ?? fallback)
        : use === 'error'
          ? (err.serverError ?? fallback)
          : fallback;
    throw new ApiError(text, err.status, err.body, err.code);
  }
  throw new Error(fallback);
}

export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const bankApi = {
  async createLinkToken(
    itemId?: string,
  ): Promise<Required<Pick<LinkTokenResponse, 'link_token'>> & LinkTokenResponse> {
    let res: LinkTokenResponse;
    try {
      res = await api.post<LinkTokenResponse>('/plaid/create_link_token', itemId ? { itemId } : {});
    } catch (err) {
      return rethrow(err, BANK_ERRORS.linkToken, 'fixed');
    }
    if (!res?.link_token) throw new Error(BANK_ERRORS.noLinkToken);
    return res as Required<Pick<LinkTokenResponse, 'link_token'>> & LinkTokenResponse;
  },
  async exchangeToken(publicToken: string) {
    try {
      return await api.post<{ item_id: string; accounts: number }>('/plaid/exchange-token', {
        public_token: publicToken,
      });
    } catch (err) {
      return rethrow(err, BANK_ERRORS.exchange, 'fixed');
    }
  },
  async itemReconnected(itemId: string) {
    return api.post<{ status: string }>('/plaid/item-reconnected', { itemId });
  },
  /** Syncs from the bank; retries 'not yet ready' answers after 1 s, 2 s and 4 s. */
  async fetchTransactions(delays: readonly number[] = RETRY_DELAYS_MS) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await api.get<{
          transactions: Transaction[];
          total_transactions: number;
          request_id: string | null;
          /** Items skipped because their login expired (the others synced). */
          items_needing_reconnect?: { item_id: string; institution_name: string | null }[];
        }>('/plaid/fetch-transactions');
      } catch (err) {
        const text =
          err instanceof ApiError ? `${err.details ?? ''} ${err.serverError ?? ''} ${err.message}` : '';
        if (/not yet ready/i.test(text) && attempt < delays.length) {
          await sleep(delays[attempt]);
          continue;
        }
        rethrow(err, BANK_ERRORS.fetch, 'details');
      }
    }
  },
  async transactions(): Promise<Transaction[]> {
    try {
      return await api.get<Transaction[]>('/plaid/transactions');
    } catch (err) {
      return rethrow(err, BANK_ERRORS.persisted, 'fixed');
    }
  },
  /** A 404 means no accounts: an empty list. */
  async accounts(): Promise<BankAccount[]> {
    try {
      return await api.get<BankAccount[]>('/plaid/accounts');
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        console.warn('No bank accounts connected');
        return [];
      }
      return rethrow(err, BANK_ERRORS.accounts, 'fixed');
    }
  },
  async resetTransactions() {
    try {
      return await api.post<{ success: boolean }>('/plaid/reset-transactions', {});
    } catch (err) {
      return rethrow(err, BANK_ERRORS.reset, 'fixed');
    }
  },
  async updateCategories(categories: { plaidId: string; budget_category: BudgetCategory }[]) {
    try {
      return await api.post<{ updatedCount: number; errors: { plaidId: string; error: string }[] }>(
        '/plaid/update-transaction-categories',
        { categories },
      );
    } catch (err) {
      return rethrow(err, BANK_ERRORS.categories, 'fixed');
    }
  },
  async disconnect() {
    try {
      return await api.post<{ success: boolean }>('/plaid/disconnect', {});
    } catch (err) {
      // The spec shows the server's `error` on disconnect failure.
      return rethrow(err, BANK_ERRORS.disconnect, 'error');
    }
  },
};

export const manualApi = {
  create: (input: { amount: number; category: ManualCategory; name: string; date: string }) =>
    api.post<ManualTransaction>('/transactions/manual', input),
  /** The helper form of the spec: description becomes name. */
  add: (amount: number, category: ManualCategory, description?: string) =>
    api.post<ManualTransaction>('/transactions/manual', {
      amount,
      category,
      name: description?.trim() || 'Manual Expense',
      date: new Date().toISOString(),
    }),
  list: () => api.get<ManualTransaction[]>('/transactions/manual'),
  remove: (id: number) => api.delete<{ success: boolean }>(`/transactions/manual/${id}`),
};
