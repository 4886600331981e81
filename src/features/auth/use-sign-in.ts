// Finishing a sign-in from a form (SPEC 4 "Auth"): saved progress is restored, the session is
// applied and the user goes to Quests; a visitor who is already signed in is sent there at once.
// What finishing needs (the session runtime with the progression and the progress restore) is
// started when the visitor starts on the form (`preload`), not with the sign-in screen (issue 30).
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { ROUTES } from '@/lib/routes';
import { startSessionRuntime } from '@/lib/session-runtime';
import type { SignedIn } from './api';

/** Fetches and starts what a sign-in will need; a failure here is tried again by the submit. */
function preload(): void {
  startSessionRuntime().catch(() => undefined);
}

export function useSignIn(kind: 'new' | 'existing') {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const navigate = useNavigate();
  const finish = useCallback(
    async ({ token, reward }: SignedIn) => {
      // The runtime is listening before the sign-in's notices and moments are announced.
      const session = await startSessionRuntime();
      await session.finishSignIn(token, kind, reward);
      navigate(ROUTES.quests, { replace: true });
    },
    [kind, navigate],
  );
  return { signedIn, finish, preload };
}
