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
