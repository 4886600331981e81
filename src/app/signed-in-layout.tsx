// The signed-in pages' frame: the server-data cache they share, the status bar (level, XP, lives,
// streak), the 24-hour quests' watcher, the live updates and the onboarding tour. In the signed-in
// routes' chunk (signed-in-routes.tsx), so the query library loads with the first signed-in page
// and never on the sign-in screens.
import { use } from 'react';
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { sessionRuntimeReady, startSessionRuntime } from '@/lib/session-runtime';
import { OnboardingGate } from './onboarding-gate';
import { StatusBar } from '@/components/status-bar';
import { useQuestExpiryWatcher } from '@/bank/quest-watch';
import { useLiveUpdates } from './use-live-updates';

/** The 24-hour quests are checked when they end, and open pages follow the server's changes. */
function QuestWatch() {
  useQuestExpiryWatcher();
  useLiveUpdates();
  return null;
}

export function Layout() {
  // The session runtime runs before any signed-in page calls the server: a refused token signs
  // out, and what the pages announce is shown.
  if (!sessionRuntimeReady()) use(startSessionRuntime());
  return (
    <QueryClientProvider client={queryClient}>
      <StatusBar />
      <QuestWatch />
      <Outlet />
      <OnboardingGate />
    </QueryClientProvider>
  );
}
