// Live updates (issue 27): the signed-in frame listens to the server's event stream and lets each
// owner refresh what it owns. Bank data changed (a webhook sync, another tab or device, an
// expense): the bank module's lists (the bills view's streams too) are fetched again and the 24-hour quests' bank check runs.
// Progress changed elsewhere: the progression mirror reads the server's state, silently. The
// session ended elsewhere: one signed-in call answers 401, which ends the session the one way the
// app ends sessions (api-client's unauthorized handler).
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { api } from '@/lib/api-client';
import { startLiveEvents } from '@/lib/live-events';
import { refreshProgress } from '@/lib/progress-sync/restore';
import { invalidateLists } from '@/bank/queries';
import { checkQuestsNow } from '@/bank/quest-watch';

/** Progress is read again at most this often, however many changes are told. */
const PROGRESS_REFRESH_GAP_MS = 2_000;

export function useLiveUpdates(): void {
  const token = useAtomValue(tokenAtom);
  useEffect(() => {
    if (!token) return;
    let progressTimer: ReturnType<typeof setTimeout> | null = null;
    let lastProgress = 0;
    const refreshProgressSoon = () => {
      if (progressTimer) return;
      const wait = Math.max(0, lastProgress + PROGRESS_REFRESH_GAP_MS - Date.now());
      progressTimer = setTimeout(() => {
        progressTimer = null;
        lastProgress = Date.now();
        refreshProgress(undefined, { announce: false }).catch(() => undefined);
      }, wait);
    };
    const stop = startLiveEvents({
      changed(kind) {
        if (kind === 'bank') {
          void invalidateLists(['accounts', 'transactions', 'manual', 'bills']);
          checkQuestsNow();
        } else refreshProgressSoon();
      },
      sessionEnded() {
        // Answers 401 for an ended session; the unauthorized handler signs out and opens /login.
        api.get('/auth/me').catch(() => undefined);
      },
    });
    return () => {
      stop();
      if (progressTimer) clearTimeout(progressTimer);
    };
  }, [token]);
}
