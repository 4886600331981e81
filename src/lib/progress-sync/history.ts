// The XP history Profile shows: the server's last changes of XP and lives, in words.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ProgressState } from '@/domain/progress-events';

export type HistoryEntry = ProgressState['history'][number];

export function useProgressHistory() {
  return useQuery({
    queryKey: ['progress'],
    queryFn: async () => (await api.get<ProgressState>('/progress')).history,
    staleTime: 0,
  });
}
