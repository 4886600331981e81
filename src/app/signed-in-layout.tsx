// The signed-in pages' frame: the server-data cache they share, the status bar (level, XP, lives,
// streak), the 24-hour quests' watcher and the onboarding tour. Its own chunk, so the query library
// loads with the first signed-in page and never on the sign-in screens.
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useCacheEvents } from '@/lib/bank/queries';
import { OnboardingGate } from './onboarding-gate';
import { StatusBar } from '@/components/status-bar';
import { useQuestExpiryWatcher } from '@/lib/quest-watch';

function CacheEvents() {
  useCacheEvents();
  return null;
}

/** The 24-hour quests are checked when they end, whatever page is open. */
function QuestWatch() {
  useQuestExpiryWatcher();
  return null;
}

export function Layout() {
  return (
    <QueryClientProvider client={queryClient}>
      <CacheEvents />
      <StatusBar />
      <QuestWatch />
      <Outlet />
      <OnboardingGate />
    </QueryClientProvider>
  );
}
