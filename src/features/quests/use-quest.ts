// A quest's state as a card reads it: re-read when its stored state changes, and once more when
// its countdown ends (the card's button changes then); the per-second ticking stays in QuestTimer.
import { useAtomValue } from 'jotai';
import { questStateValueAtom, questTimerValueAtom } from '@/lib/progression';
import { questEndsAt, questView, type QuestId, type QuestView, type StoredQuestState } from '@/domain/quests';
import { useNow, usePassed } from '@/lib/clock';

export function useQuest(
  id: QuestId,
): QuestView & { stored: StoredQuestState | null; startedAt: number | null } {
  const stored = useAtomValue(questStateValueAtom(id));
  const startedAt = useAtomValue(questTimerValueAtom(id));
  const now = useNow(false);
  const running = stored?.isStarted === true && startedAt !== null;
  // Read only so the card re-renders when the countdown ends.
  usePassed(running ? questEndsAt(startedAt) : null);
  return { ...questView(id, stored, startedAt, now), stored, startedAt };
}
