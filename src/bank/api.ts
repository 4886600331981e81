// Typed calls to the bank endpoints (/api/plaid/...), with the spec's error texts. Pages do not
// call these for reads: they read the query cache (./queries.ts), which calls them.
import { api, ApiError } from '@/lib/api-client';
import { receiveReward } from '@/lib/progression';
import type { ProgressState, RewardNotice } from '@/domain/progress-events';
import type { BudgetCategory } from '@/domain/categories';

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
  /** Plaid's personal_finance_category primary, e.g. 'RENT_AND_UTILITIES'. */
  personal_finance_category?: string | null;
  budget_category?: BudgetCategory | 'uncategorized' | null;
  pending: boolean;
  /** One side of a transfer between the user's own accounts (set by the query cache). */
  transfer?: boolean;
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
  /** 'import': an account a statement import made (issue 29), not a linked bank. */
  source?: 'plaid' | 'import';
}
interface LinkTokenResponse {
  link_token: string;
  link_script_url?: string;
  mode?: 'create' | 'update';
}
/** What the server paid for a fact it saw (DECISIONS: the referee), and the progress after it. */
export interface Refereed {
  reward?: RewardNotice;
  progress?: ProgressState;
}
export interface SyncResult extends Refereed {
  transactions: Transaction[];
  total_transactions: number;
  request_id: string | null;
  /** Items skipped because their login expired (the others synced). */
  items_needing_reconnect?: { item_id: string; institution_name: string | null }[];
}
export interface CategoryUpdate {
  plaidId: string;
  budget_category: BudgetCategory | 'uncategorized';
  /** A Category Matcher card that ran out of time (the server takes 5 XP for it). */
  timedOut?: boolean;
}
export interface CategoryUpdateResult extends Refereed {
  updatedCount: number;
  /** Ids the server did not change, e.g. a transaction a sync removed. */
  errors: { plaidId: string; error: string }[];
}

/** Shows what the server paid with an answer (through the progression module), then passes it on. */
function refereed<T extends Refereed>(res: T): T {
  if (res && (res.reward || res.progress)) receiveReward(res);
  return res;
}

const BANK_ERRORS = {
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
 * Which text a failure shows (SPEC 8): 'details' = the server's details, else its error, else
 * the fallback; 'error' = the server's error, else the fallback; 'fixed' = the fallback.
 */
type Wording = 'details' | 'error' | 'fixed';

/** Runs `call`; a failure is re-thrown as an ApiError carrying the text the spec asks for. */
async function withSpecError<T>(
  call: () => Promise<T>,
  fallback: string,
  use: Wording = 'fixed',
): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof ApiError)) throw new Error(fallback, { cause: err });
    const server =
      use === 'details' ? (err.details ?? err.serverError) : use === 'error' ? err.serverError : null;
    throw new ApiError(server ?? fallback, err.status, err.body, err.code);
  }
}

/** SPEC 7: a 'not yet ready' sync is retried up to 3 times, after 1 s, 2 s and 4 s. */
const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const isNotReady = (err: unknown) =>
  err instanceof ApiError &&
  /not yet ready/i.test(`${err.details ?? ''} ${err.serverError ?? ''} ${err.message}`);

export const bankApi = {
  async createLinkToken(itemId?: string): Promise<LinkTokenResponse> {
    const res = await withSpecError(
      () => api.post<Partial<LinkTokenResponse> | null>('/plaid/create_link_token', itemId ? { itemId } : {}),
      BANK_ERRORS.linkToken,
    );
    if (!res?.link_token) throw new Error(BANK_ERRORS.noLinkToken);
    return res as LinkTokenResponse;
  },
  /** Links the bank; the server pays +25 for a new institution and Account Master once. */
  exchangeToken: (publicToken: string) =>
    withSpecError(
      () =>
        api.post<{ item_id: string; accounts: number } & Refereed>('/plaid/exchange-token', {
          public_token: publicToken,
        }),
      BANK_ERRORS.exchange,
    ).then(refereed),
  itemReconnected: (itemId: string) => api.post<{ status: string }>('/plaid/item-reconnected', { itemId }),
  /** Syncs from the bank; retries 'not yet ready' answers after 1 s, 2 s and 4 s. */
  async fetchTransactions(): Promise<SyncResult> {
    for (let attempt = 0; ; attempt++) {
      try {
        // The server pays 'Refresh Data' once a day and checks the 24-hour quests on the new data.
        return refereed(
          await withSpecError(
            () => api.get<SyncResult>('/plaid/fetch-transactions'),
            BANK_ERRORS.fetch,
            'details',
          ),
        );
      } catch (err) {
        if (!isNotReady(err) || attempt >= RETRY_DELAYS_MS.length) throw err;
        await sleep(RETRY_DELAYS_MS[attempt]);
      }
    }
  },
  transactions: () =>
    withSpecError(() => api.get<Transaction[]>('/plaid/transactions'), BANK_ERRORS.persisted),
  /** The linked accounts; an empty list when nothing is linked. A list wrapped as `{ accounts }` is accepted too. */
  async accounts(): Promise<BankAccount[]> {
    const res = await withSpecError(
      () => api.get<BankAccount[] | { accounts?: BankAccount[] } | null>('/plaid/accounts'),
      BANK_ERRORS.accounts,
    );
    const list = Array.isArray(res) ? res : res?.accounts;
    return Array.isArray(list) ? list : [];
  },
  resetTransactions: () =>
    withSpecError(() => api.post<{ success: boolean }>('/plaid/reset-transactions', {}), BANK_ERRORS.reset),
  /** Saves labels; from a matcher round (`matcher`) the server pays its picks and timeouts. */
  updateCategories: (categories: CategoryUpdate[], opts: { matcher?: boolean } = {}) =>
    withSpecError(
      () =>
        api.post<CategoryUpdateResult>('/plaid/update-transaction-categories', {
          categories,
          ...(opts.matcher ? { matcher: true } : {}),
        }),
      BANK_ERRORS.categories,
    ).then(refereed),
  /** The spec shows the server's `error` on a failed disconnect. */
  disconnect: () =>
    withSpecError(
      () => api.post<{ success: boolean }>('/plaid/disconnect', {}),
      BANK_ERRORS.disconnect,
      'error',
    ),
};
