// What a finished quest says it paid: the XP and the lives that actually arrived (lives stop at
// the maximum, so a 10-life reward may add fewer), in plain words.
import { LIVES_MAX } from './categories';
import { clampLives } from './lives';
import type { Reward } from './progression';

const lifeWord = (n: number) => (n === 1 ? 'life' : 'lives');

/** E.g. 'You earned 50 XP and 2 lives. Your lives are full (5 of 5).' */
export function rewardText(reward: Reward, livesBefore: number): string {
  const gained = clampLives(livesBefore + reward.lives) - clampLives(livesBefore);
  const earned = `You earned ${reward.xp} XP and ${gained} ${lifeWord(gained)}.`;
  return gained < reward.lives ? `${earned} Your lives are full (${LIVES_MAX} of ${LIVES_MAX}).` : earned;
}

/** What the lives cap kept of a reward (DECISIONS): '+1 life: lives full', '+0 lives: lives full'. */
export const livesKeptText = (kept: number): string => `+${kept} ${lifeWord(kept)}: lives full`;

/** E.g. '5 lives and 50 XP', for what a quest will pay. */
export const rewardPromise = (reward: Reward): string =>
  `${reward.lives} ${lifeWord(reward.lives)} and ${reward.xp} XP`;
