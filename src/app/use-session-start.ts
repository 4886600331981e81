// On start and whenever the token changes: load the user (failures only logged), record today's
// usage, mirror the server's progress, and restore whether the onboarding tour is still due.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { currentUserAtom, type CurrentUser } from '@/lib/atoms';
import { tokenAtom } from '@/lib/shell-atoms';
import { api } from '@/lib/api-client';
import { recordAppUsage, restoreOnboarding } from '@/lib/session';
import { refreshProgress } from '@/lib/progress-sync/restore';

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
    // The server records the day's use (Budget Pro is its to unlock) and ends any 24-hour quest
    // whose time ran out while the app was closed; its answer is mirrored here.
    refreshProgress(undefined, { announce: false }).catch((err: unknown) =>
      console.warn('Progress could not be refreshed', err),
    );
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
