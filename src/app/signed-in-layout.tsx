// The signed-in pages' frame: the server-data cache they share, the status bar (level, XP, lives,
// streak), the 24-hour quests' watcher, the live updates and the onboarding tour. Its own chunk, so the query library
// loads with the first signed-in page and never on the sign-in screens.
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
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
  return (
    <QueryClientProvider client={queryClient}>
      <StatusBar />
      <QuestWatch />
      <Outlet />
      <OnboardingGate />
    </QueryClientProvider>
  );
}
