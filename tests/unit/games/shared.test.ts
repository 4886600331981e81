// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@games/shared/random';
import { FRAME_MS, createFixedStep } from '@games/shared/fixed-step';
import { createTesterBridge, readTesterOptions } from '@games/shared/tester';
import { parseBestScore, readBestScore, writeBestScore } from '@games/shared/best-score';
import { isPauseKey, nextPaused, pauseState } from '@games/shared/pause';

describe('mulberry32', () => {
  it('when given the same seed, then it repeats the same sequence in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const seqA = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(seqA);
    expect(seqA.every((n) => n >= 0 && n < 1)).toBe(true);
    expect(new Set(seqA).size).toBeGreaterThan(990);
  });

  it('when given another seed, then the sequence differs', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
  });
});

describe('createFixedStep', () => {
  it('when a 60 Hz display reports its frames, then one step runs per frame', () => {
    const loop = createFixedStep();
    const frames = Array.from({ length: 600 }, () => loop.advance(FRAME_MS));
    expect(frames.reduce((a, b) => a + b, 0)).toBe(600);
  });

  it('when a 120 Hz display reports its frames, then the game advances at the same speed', () => {
    const loop = createFixedStep();
    const frames = Array.from({ length: 1200 }, () => loop.advance(FRAME_MS / 2));
    expect(frames.reduce((a, b) => a + b, 0)).toBe(600);
    expect(Math.max(...frames)).toBe(1);
  });

  it('when the tab comes back after 10 s, then the delta is clamped to a few frames', () => {
    const loop = createFixedStep(100);
    expect(loop.advance(10_000)).toBe(6);
    expect(loop.advance(Number.NaN)).toBe(0);
    expect(loop.advance(-50)).toBe(0);
  });
});

describe('readTesterOptions', () => {
  it('when the hash route carries a seed, then tester mode is on with that seed', () => {
    expect(readTesterOptions('http://x/#/games/2048?seed=42')).toEqual({ seed: 42 });
    expect(readTesterOptions('http://x/harness.html?game=breakout&seed=7')).toEqual({ seed: 7 });
  });

  it('when there is no seed or it is not a number, then tester mode is off', () => {
    expect(readTesterOptions('http://x/#/games/2048')).toBeNull();
    expect(readTesterOptions('http://x/#/games/2048?seed=abc')).toBeNull();
  });
});

describe('createTesterBridge', () => {
  it('when a game starts and wins, then only the stand-in lives change', () => {
    const bridge = createTesterBridge(1);
    expect(bridge.start()).toBe('started');
    expect(bridge.lives()).toBe(0);
    expect(bridge.start()).toMatch(/^No lives remaining!/);
    bridge.reward('breakout-win');
    expect(bridge.lives()).toBe(3);
    expect(bridge.calls).toEqual(['start', 'start', 'reward:breakout-win']);
  });
});

describe('best score', () => {
  it('when the stored best is not a whole number, then it reads as 0', () => {
    expect(parseBestScore('abc')).toBe(0);
    expect(parseBestScore('-5')).toBe(0);
    expect(parseBestScore('1.5')).toBe(0);
    expect(parseBestScore(null)).toBe(0);
    expect(parseBestScore('128')).toBe(128);
  });

  it('when a best is written, then reading it back returns it', () => {
    localStorage.clear();
    writeBestScore('2048', 2048);
    expect(readBestScore('2048')).toBe(2048);
    writeBestScore('2048', Number.NaN);
    expect(readBestScore('2048')).toBe(2048);
  });
});

describe('pause', () => {
  it('when P, p or Escape is pressed, then it is a pause key; Space and N are not', () => {
    expect(['p', 'P', 'Escape'].every(isPauseKey)).toBe(true);
    expect([' ', 'n', 'Enter'].some(isPauseKey)).toBe(false);
  });

  it('when a game in play is toggled twice, then it pauses and resumes', () => {
    const paused = nextPaused(false, true, 'toggle');
    expect(paused).toBe(true);
    expect(pauseState(paused, true)).toBe('paused');
    expect(nextPaused(paused, true, 'toggle')).toBe(false);
    expect(pauseState(false, true)).toBe('running');
  });

  it('when the page hides twice, then the game stays paused (hiding never resumes it)', () => {
    expect(nextPaused(nextPaused(false, true, 'pause'), true, 'pause')).toBe(true);
  });

  it('when nothing is in play (start or game-over screen), then it cannot be paused', () => {
    expect(nextPaused(false, false, 'toggle')).toBe(false);
    expect(nextPaused(true, false, 'pause')).toBe(false);
    expect(pauseState(true, false)).toBe('unavailable');
  });
});
