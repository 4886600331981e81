// The XP history Profile shows: the server's last changes of XP and lives, in words.
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { on } from '@/lib/events';
import type { ProgressState } from '@/domain/progress-events';

export type HistoryEntry = ProgressState['history'][number];

const KEY = ['progress'];

/** The history, kept current: each batch the server takes answers the newest history. */
export function useProgressHistory() {
  const client = useQueryClient();
  useEffect(
    () =>
      on('progressSaved', ({ state }) => {
        // A load that started before this batch arrived would answer an older history.
        void client.cancelQueries({ queryKey: KEY }).then(() => client.setQueryData(KEY, state.history));
      }),
    [client],
  );
  return useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<ProgressState>('/progress')).history,
    staleTime: 0,
  });
}
