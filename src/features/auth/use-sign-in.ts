// Finishing a sign-in from a form (SPEC 4 "Auth"): the session is applied and the user goes to
// Quests; a visitor who is already signed in is sent there at once.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { applySignIn } from '@/lib/session';

export function useSignIn(kind: 'new' | 'existing') {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const navigate = useNavigate();
  const finish = useCallback(
    (token: string) => {
      applySignIn(token, kind);
      navigate(ROUTES.quests, { replace: true });
    },
    [kind, navigate],
  );
  return { signedIn, finish };
}
