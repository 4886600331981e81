// The signed-in pages' frame: the server-data cache they share, the status bar (level, XP, lives,
// streak), the 24-hour quests' watcher, the live updates and the onboarding tour. In the signed-in
// routes' chunk (signed-in-routes.tsx), so the query library loads with the first signed-in page
// and never on the sign-in screens.
import { useEffect } from 'react';
import { useStoreInTransition } from '@/lib/settled-in-transition';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import {
  sessionRuntimeFailure,
  sessionRuntimeState,
  startSessionRuntime,
  subscribeSessionRuntime,
} from '@/lib/session-runtime';
import { OnboardingGate } from './onboarding-gate';
import { StatusBar } from '@/components/status-bar';
import { useQuestExpiryWatcher } from '@/bank/quest-watch';
import { useLiveUpdates } from './use-live-updates';
import { useOpenedPageLoaded } from './signed-in-pages';

/** The 24-hour quests are checked when they end, and open pages follow the server's changes. */
function QuestWatch() {
  useQuestExpiryWatcher();
  useLiveUpdates();
  return null;
}

/**
 * The runtime as the frame sees it: `ready` from the moment its code has arrived, when the app
 * shell mounts it in the same render as the frame and before it (session-slot.tsx), so the frame
 * and its page show in that render instead of one render later (issue 30: one commit, one layout
 * and one paint fewer before the page's largest paint). `arrived` and `running` read the same, so
 * the runtime's start does not render the frame again.
 */
const runtimeForFrame = (): 'idle' | 'waiting' | 'ready' | 'failed' => {
  const state = sessionRuntimeState();
  if (state === 'arrived' || state === 'running') return 'ready';
  return state === 'starting' ? 'waiting' : state;
};

/**
 * Whether the session runtime is there. The frame waits for it without suspending: a suspended
 * frame is revealed no sooner than 300 ms after its fallback (React's Suspense throttle), and the
 * runtime is usually there a moment after the frame's code. Its code failing to load shows the
 * error page.
 */
function useSessionRuntime(): boolean {
  // Its arrival renders the frame in a transition (lib/settled-in-transition).
  const state = useStoreInTransition(subscribeSessionRuntime, runtimeForFrame);
  useEffect(() => {
    if (state === 'idle') startSessionRuntime().catch(() => undefined);
  }, [state]);
  if (state === 'failed') throw sessionRuntimeFailure();
  return state === 'ready';
}

export function Layout() {
  // The session runtime listens before any signed-in page calls the server: a refused token signs
  // out, and what the pages announce is shown (it mounts first in the render that shows the
  // frame, or earlier). The page the app was opened at is waited for too.
  const runtime = useSessionRuntime();
  const page = useOpenedPageLoaded();
  if (!runtime || !page) return null;
  return (
    <QueryClientProvider client={queryClient}>
      <StatusBar />
      <QuestWatch />
      <Outlet />
      <OnboardingGate />
    </QueryClientProvider>
  );
}
