// Finishing a sign-in from a form (SPEC 4 "Auth"): saved progress is restored, the session is
// applied and the user goes to Quests; a visitor who is already signed in is sent there at once.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { applySignIn } from '@/lib/session';
import { restoreProgress } from '@/lib/progress-sync/restore';
import { announceSignIn } from '@/lib/progression';
import type { SignedIn } from './api';

export function useSignIn(kind: 'new' | 'existing') {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const navigate = useNavigate();
  const finish = useCallback(
    async ({ token, reward }: SignedIn) => {
      // An existing user's progress comes back from the server, the day's +10 already in it (the
      // server paid it at sign-in), and is announced; a new account starts from zero (SPEC 4).
      const restored = kind === 'existing' && (await restoreProgress(token));
      applySignIn(token, kind);
      // Announced only over the server's state (which holds it); otherwise the app start's
      // mirror shows the change when the server is reached.
      if (restored) announceSignIn(reward);
      navigate(ROUTES.quests, { replace: true });
    },
    [kind, navigate],
  );
  return { signedIn, finish };
}
