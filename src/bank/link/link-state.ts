// Bank-linking progress shared by every screen that shows its banners.
import { atom } from 'jotai';

export type LinkPhase = 'idle' | 'starting' | 'open' | 'processing' | 'retrieving' | 'done';
export interface LinkState {
  phase: LinkPhase;
  error: string | null;
}
export const linkStateAtom = atom<LinkState>({ phase: 'idle', error: null });

/** Set for 10 s when the app was opened from a bank-link redirect (plaidRedirect). */
export const redirectProcessingAtom = atom(false);

/**
 * The Plaid item whose login expired, as the server reported it (409 ITEM_LOGIN_REQUIRED with
 * item_id). Needed when the very first sync fails: the item then has no stored accounts to carry
 * a needsReconnect flag, but the user must still be offered 'Reconnect Bank'.
 */
export const expiredItemIdAtom = atom<string | null>(null);
