// A Category Matcher round as React state: the cards frozen at Start, the 5 s countdown of the
// card on screen (from the clock, so a slow tab never gives extra time), and picks or timeouts
// applied once per card (a late timer tick or a second key press for the same card is ignored);
// a skip moves on and pays nothing.
import { useCallback, useEffect, useReducer, useState } from 'react';
import {
  CARD_SECONDS,
  newRound,
  pick,
  secondsLeft,
  skip,
  timeOut,
  type MatchableTransaction,
  type Round,
} from '@/domain/matcher';
import type { BudgetCategory } from '@/domain/categories';

type Action =
  | { type: 'start' }
  | { type: 'pick'; index: number; plaidId: string; category: BudgetCategory }
  | { type: 'timeout'; index: number; plaidId: string }
  | { type: 'skip'; index: number; plaidId: string };

function reduce(round: Round, action: Action): Round {
  if (action.type === 'start') return newRound();
  if (action.index !== round.index) return round;
  if (action.type === 'pick') return pick(round, action.plaidId, action.category);
  return action.type === 'skip' ? skip(round, action.plaidId) : timeOut(round, action.plaidId);
}

const TICK_MS = 200;

export function useMatcherRound<T extends MatchableTransaction>(cards: readonly T[], playing: boolean) {
  const [round, dispatch] = useReducer(reduce, undefined, newRound);
  // The countdown belongs to one card: a new card reads 5 s until its own first tick.
  const [tick, setTick] = useState({ index: -1, seconds: CARD_SECONDS });
  const card = playing ? cards[round.index] : undefined;
  const index = round.index;
  const plaidId = card?.plaidId;

  useEffect(() => {
    if (!plaidId) return;
    const shownAt = Date.now();
    const timer = setInterval(() => {
      const left = secondsLeft(Date.now() - shownAt);
      setTick({ index, seconds: left });
      if (left === 0) dispatch({ type: 'timeout', index, plaidId });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [index, plaidId]);

  const seconds = tick.index === index ? tick.seconds : CARD_SECONDS;

  const choose = useCallback(
    (category: BudgetCategory) => {
      if (plaidId) dispatch({ type: 'pick', index, plaidId, category });
    },
    [index, plaidId],
  );
  const skipCard = useCallback(() => {
    if (plaidId) dispatch({ type: 'skip', index, plaidId });
  }, [index, plaidId]);
  const restart = useCallback(() => {
    dispatch({ type: 'start' });
    setTick({ index: -1, seconds: CARD_SECONDS });
  }, []);

  return {
    round,
    card,
    seconds,
    choose,
    skipCard,
    restart,
    finished: playing && round.index >= cards.length,
  };
}
