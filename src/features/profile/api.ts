// The profile's server calls (SPEC 7): linked accounts, bank disconnect, account deletion.
import { api, ApiError, getToken } from '@/lib/api-client';

/** A linked bank account as the server lists it (DECISIONS "Bank account fields"). */
export interface BankAccount {
  id: string;
  name: string;
  officialName?: string | null;
  mask?: string | null;
  type?: string;
  subtype?: string | null;
  institutionName?: string | null;
  currentBalance?: number | null;
  availableBalance?: number | null;
}

export const ACCOUNTS_FAILED = 'Failed to fetch accounts';
export const NO_TOKEN = 'No authentication token found';

/** The linked accounts; a 404 (no bank linked, or no bank endpoints) is an empty list. */
export async function fetchAccounts(signal?: AbortSignal): Promise<BankAccount[]> {
  try {
    const res = await api.get<BankAccount[] | { accounts?: BankAccount[] } | null>('/plaid/accounts', {
      signal,
    });
    const list = Array.isArray(res) ? res : res?.accounts;
    return Array.isArray(list) ? list : [];
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      console.warn('No bank accounts endpoint or none linked; showing no accounts');
      return [];
    }
    throw new ApiError(
      ACCOUNTS_FAILED,
      err instanceof ApiError ? err.status : 0,
      err instanceof ApiError ? err.body : null,
    );
  }
}

export async function disconnectBank(): Promise<void> {
  await api.post<unknown>('/plaid/disconnect');
}

export async function deleteAccount(): Promise<void> {
  if (!getToken()) throw new Error(NO_TOKEN);
  await api.delete<unknown>('/auth/account');
}
