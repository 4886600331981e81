// The signed-in pages' frame: the server-data cache they share. Its own chunk, so the query
// library loads with the first signed-in page and never on the sign-in screens.
import { Outlet } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useCacheEvents } from '@/lib/bank/queries';
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
      <QuestWatch />
      <Outlet />
    </QueryClientProvider>
  );
}
