// The bank-linking state for the screens that show it, and the action that opens Link.
import { useCallback } from 'react';
import { useAtom } from 'jotai';
import { linkStateAtom } from './link-state';
import { openBankLink } from './open-link';

export function useBankLink() {
  const [state, setState] = useAtom(linkStateAtom);
  const dismissError = useCallback(() => setState((s) => ({ ...s, error: null })), [setState]);
  const busy = state.phase !== 'idle' && state.phase !== 'done';
  return { open: openBankLink, state, busy, dismissError };
}
