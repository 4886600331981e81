// The one 'sync with the bank' intent (CONVENTIONS "Actions have one owner"): Home's 'Refresh
// Data', Transactions' 'Sync with bank', the bank-link flow and the 24-hour quests' check all call
// syncBank, so its side effects live here: the server's reward receipt (the once-a-day
// 'bank-refresh', shown through the progression module), the expired-login state that offers
// 'Reconnect Bank', and the invalidation of what a sync alters (after a failure too: the bank may
// now need a new login, which the accounts show).
import { useMutation } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { isLinkedAccount } from '@/domain/accounts';
import { queryClient } from '@/lib/query-client';
import { appStore } from '@/lib/store';
import { bankApi, type SyncResult } from './api';
import { accountsQuery, invalidateAfter, invalidateLists, type ListName } from './queries';
import { expiredLoginItemId } from './link/link-errors';
import { expiredItemIdAtom } from './link/link-state';

export interface SyncOptions {
  /** Lists to reload besides the bank's (Home's 'Refresh Data' reloads the manual list too). */
  alsoReload?: readonly ListName[];
  /** The caller knows a bank is linked (Link right after its exchange, the quest check). */
  linked?: boolean;
  client?: QueryClient;
  store?: typeof appStore;
}

/**
 * Syncs the user's banks and answers the sync, or null when no bank is linked (then the lists are
 * only read again: a bank that is linked is always synced, never just re-read). Throws the sync's
 * error with the spec's text, after recording an expired login and reloading the lists.
 */
export async function syncBank(opts: SyncOptions = {}): Promise<SyncResult | null> {
  const { client = queryClient, store = appStore, alsoReload = [] } = opts;
  if (!opts.linked) {
    const linked = await client.ensureQueryData(accountsQuery());
    if (!linked.some(isLinkedAccount)) {
      await invalidateLists(['accounts', 'transactions', ...alsoReload], client);
      return null;
    }
  }
  try {
    // bankApi shows what the server paid with the answer ('Refresh Data' +5 XP once a day).
    const result = await bankApi.fetchTransactions();
    store.set(expiredItemIdAtom, result.items_needing_reconnect?.[0]?.item_id ?? null);
    return result;
  } catch (err) {
    const expired = expiredLoginItemId(err instanceof ApiError ? err.body : null);
    if (expired) store.set(expiredItemIdAtom, expired);
    throw err;
  } finally {
    await Promise.all([invalidateAfter('sync', client), invalidateLists(alsoReload, client)]);
  }
}

/** syncBank for a button: its pending state and its error. */
export function useSyncBank() {
  return useMutation({ mutationFn: (opts: Omit<SyncOptions, 'client' | 'store'> = {}) => syncBank(opts) });
}
