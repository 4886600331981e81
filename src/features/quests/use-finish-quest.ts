// The end of a modal quest (SPEC 4): the quest is completed (the progression module pays it,
// once) and 0.5 s later the player goes to /games to spend the new lives.
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { completeQuest } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import type { ModalQuestId } from '@/domain/quests';

export const REDIRECT_AFTER_QUEST_MS = 500;
/** SPEC 9: congratulation modals stay 3 s. */
export const CONGRATULATIONS_MS = 3000;

export function useFinishQuest(id: ModalQuestId): () => void {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    completeQuest(id);
    timer.current = setTimeout(() => void navigate(ROUTES.games), REDIRECT_AFTER_QUEST_MS);
  };
}

/** Runs `then` after the 3 s congratulations (cancelled if the modal goes away first). */
export function useAfterCongratulations(): (then: () => void) => void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (then) => {
    timer.current = setTimeout(then, CONGRATULATIONS_MS);
  };
}
