import { describe, expect, it } from 'vitest';
import { GAME_COST, NO_LIVES_MESSAGE, applyLivesDelta, canPlay, clampLives } from '@/domain/lives';

describe('lives', () => {
  it('when lives change within range, then the delta is applied', () => {
    expect(applyLivesDelta(2, 1)).toBe(3);
    expect(applyLivesDelta(2, -GAME_COST)).toBe(1);
  });

  it('when lives would exceed 5, then they stop at 5', () => {
    expect(applyLivesDelta(4, 10)).toBe(5);
  });

  it('when lives would drop below 0, then they stop at 0', () => {
    expect(applyLivesDelta(0, -1)).toBe(0);
  });

  it('when a value is out of range, fractional or not a number, then clampLives makes it a whole 0..5', () => {
    expect(clampLives(9)).toBe(5);
    expect(clampLives(-3)).toBe(0);
    expect(clampLives(2.6)).toBe(3);
    expect(clampLives(Number.NaN)).toBe(0);
  });

  it('when a player has no lives, then they cannot play; with one they can', () => {
    expect(canPlay(0)).toBe(false);
    expect(canPlay(1)).toBe(true);
    expect(GAME_COST).toBe(1);
  });

  it('when the no-lives message is shown, then it is the exact spec text', () => {
    expect(NO_LIVES_MESSAGE).toBe('No lives remaining! Complete quests to earn more lives and play again.');
  });
});
