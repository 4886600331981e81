// Lives: clamped to 0..5 everywhere, one spent per arcade game.
import { LIVES_MAX, LIVES_MIN } from './categories';

export const GAME_COST = 1;
export const NO_LIVES_MESSAGE = 'No lives remaining! Complete quests to earn more lives and play again.';

/** A whole number of lives in 0..5; anything that is not a finite number counts as 0. */
export function clampLives(lives: number): number {
  if (!Number.isFinite(lives)) return LIVES_MIN;
  return Math.min(LIVES_MAX, Math.max(LIVES_MIN, Math.round(lives)));
}

export function applyLivesDelta(lives: number, delta: number): number {
  return clampLives(clampLives(lives) + (Number.isFinite(delta) ? delta : 0));
}

/** Spec: games need lives above 0 to start. */
export function canPlay(lives: number): boolean {
  return clampLives(lives) >= GAME_COST;
}
