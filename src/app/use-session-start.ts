// On start and whenever the token changes: load the user (failures only logged), record today's
// usage for the Budget Pro achievement, and restore whether the onboarding tour is still due.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { currentUserAtom, tokenAtom, type CurrentUser } from '@/lib/atoms';
import { api } from '@/lib/api-client';
import { recordAppUsage, restoreOnboarding } from '@/lib/session';

export function useSessionStart(): void {
  const token = useAtomValue(tokenAtom);
  const setUser = useSetAtom(currentUserAtom);
  useEffect(() => {
    restoreOnboarding();
    if (!token) {
      setUser(null);
      return;
    }
    recordAppUsage(new Date());
    const controller = new AbortController();
    api
      .get<CurrentUser>('/auth/me', { signal: controller.signal })
      .then(setUser)
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the signed-in user', err);
      });
    return () => controller.abort();
  }, [token, setUser]);
}
