// Finishing a sign-in from a form (SPEC 4 "Auth"): saved progress is restored, the session is
// applied and the user goes to Quests; a visitor who is already signed in is sent there at once.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { applySignIn } from '@/lib/session';
import { restoreProgress } from '@/lib/progress-sync/restore';

export function useSignIn(kind: 'new' | 'existing') {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const navigate = useNavigate();
  const finish = useCallback(
    async (token: string) => {
      // An existing user's progress comes back from the server before the login effects (+10 XP,
      // login day) apply on top of it; a new account starts from zero (SPEC 4 "Auth").
      if (kind === 'existing') await restoreProgress(token);
      applySignIn(token, kind);
      navigate(ROUTES.quests, { replace: true });
    },
    [kind, navigate],
  );
  return { signedIn, finish };
}
