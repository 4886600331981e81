// The few atoms the app shell and the sign-in screens read, apart from lib/atoms.ts: the first
// screen of a signed-out visitor loads these and none of the progression's state (issue 30).
import { atom } from 'jotai';
import { flagCodec, persistedAtom, stringCodec } from './persisted-atom';
import { STORAGE_KEYS } from './storage-keys';

export const tokenAtom = persistedAtom(STORAGE_KEYS.token, stringCodec());
/** Someone has signed in on this browser before: the sign-in screen greets them as returning. */
export const hasSignedInAtom = persistedAtom(STORAGE_KEYS.hasSignedIn, flagCodec);
/** Whether the Add Expense modal is open (the floating button lives in the app shell). */
export const expenseModalOpenAtom = atom(false);
