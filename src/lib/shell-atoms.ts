// The few atoms the app shell and the sign-in screens read, apart from lib/atoms.ts: the first
// screen of a signed-out visitor loads these and none of the progression's state (issue 30).
import { atom } from 'jotai';
import { flagCodec, persistedAtom, stringCodec } from './persisted-atom';
import { HAS_SIGNED_IN_KEY, TOKEN_KEY } from './account-keys';

export const tokenAtom = persistedAtom(TOKEN_KEY, stringCodec());
/** Someone has signed in on this browser before: the sign-in screen greets them as returning. */
export const hasSignedInAtom = persistedAtom(HAS_SIGNED_IN_KEY, flagCodec);
/** Whether the Add Expense modal is open (the floating button lives in the app shell). */
export const expenseModalOpenAtom = atom(false);
