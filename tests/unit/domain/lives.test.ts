import { describe, expect, it } from 'vitest';
import { applyLivesDelta, canPlay, clampLives } from '@/domain/lives';

describe('lives', () => {
  it('when lives change within range, then the delta is applied', () => {
    expect(applyLivesDelta(2, 1)).toBe(3);
    expect(applyLivesDelta(2, -1)).toBe(1);
  });

  it('when lives would exceed 5, then they stop at 5', () => {
    expect(applyLivesDelta(4, 10)).toBe(5);
    expect(applyLivesDelta(5, 1)).toBe(5);
  });

  it('when lives would drop below 0, then they stop at 0', () => {
    expect(applyLivesDelta(0, -1)).toBe(0);
  });

  it('when the delta is not a number, then the lives stay as they were', () => {
    expect(applyLivesDelta(3, Number.NaN)).toBe(3);
  });

  it('when a value is out of range, fractional or not a number, then clampLives makes it a whole 0..5', () => {
    expect(clampLives(9)).toBe(5);
    expect(clampLives(-3)).toBe(0);
    expect(clampLives(2.6)).toBe(3);
    expect(clampLives(Number.NaN)).toBe(0);
  });

  it('when a player has no lives, then they cannot start a game; one life is enough', () => {
    expect(canPlay(0)).toBe(false);
    expect(canPlay(1)).toBe(true);
    expect(canPlay(5)).toBe(true);
  });

  it('when the stored lives are garbage or round down to 0, then the player cannot start a game', () => {
    expect(canPlay(0.4)).toBe(false);
    expect(canPlay(-2)).toBe(false);
    expect(canPlay(Number.NaN)).toBe(false);
    expect(canPlay(0.6)).toBe(true);
  });

  it('when a game spends its life, then a player with one life is left unable to play', () => {
    const after = applyLivesDelta(1, -1);
    expect(after).toBe(0);
    expect(canPlay(after)).toBe(false);
  });
});
