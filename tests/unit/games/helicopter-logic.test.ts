import { describe, expect, it } from 'vitest';
import { FRAME_MS } from '@games/shared/fixed-step';
import { mulberry32 } from '@games/shared/random';
import {
  GAP,
  HEIGHT,
  type HelicopterState,
  OBSTACLE_WIDTH,
  PLAYER_HEIGHT,
  PLAYER_X,
  WIDTH,
  collides,
  initialState,
  message,
  randomGapY,
  samePicture,
  update,
} from '@games/helicopter/logic';

const random = mulberry32(11);
/** Obstacles far to the right with a wide-open gap, for tests of the flight alone. */
const farAway = (s: HelicopterState): HelicopterState => ({
  ...s,
  obstacles: s.obstacles.map((o, i) => ({ ...o, x: 2000 + i * 250, gapY: 200 })),
});
const frame = (s: HelicopterState, press = false, lives = 3) => update(s, { press, lives }, FRAME_MS, random);
const playing = (): HelicopterState => farAway({ ...initialState(random), status: 'playing' });

describe('helicopter flight', () => {
  it('when nothing is pressed, then it falls 0.25 px/frame faster each frame', () => {
    const a = frame(playing());
    const b = frame(a);
    expect(a.vy).toBeCloseTo(0.25);
    expect(b.vy).toBeCloseTo(0.5);
    expect(b.y).toBeCloseTo(playing().y + 0.25 + 0.5);
  });

  it('when pressed, then it lifts at -5 px/frame whatever its fall speed', () => {
    const falling = { ...playing(), vy: 4 };
    const lifted = frame(falling, true);
    expect(lifted.vy).toBe(-5);
    expect(lifted.y).toBeCloseTo(falling.y - 5);
  });

  it('when it leaves the screen at the bottom or the top, then the game is over', () => {
    let s = playing();
    let frames = 0;
    while (s.status === 'playing' && frames < 200) {
      s = frame(s);
      frames++;
    }
    expect(s.status).toBe('gameOver');
    expect(s.y + PLAYER_HEIGHT).toBeGreaterThan(HEIGHT);
    const top = frame({ ...playing(), y: 3 }, true);
    expect(top.status).toBe('gameOver');
    expect(message(top, 2, 'x')).toContain('Game Over, Tap to Restart');
  });
});

describe('helicopter obstacles', () => {
  it('when a game starts, then two obstacles 250 px apart scroll left at 2 px/frame', () => {
    const start = initialState(random);
    expect(start.obstacles[1]!.x - start.obstacles[0]!.x).toBe(250);
    const s = frame(frame({ ...start, status: 'playing' }));
    expect(s.obstacles[0]!.x).toBeCloseTo(start.obstacles[0]!.x - 4);
  });

  it('when the helicopter touches a pipe, then the game is over; inside the gap it is not', () => {
    const pipe = { x: PLAYER_X + 10, gapY: 200, passed: false };
    expect(collides(199, pipe)).toBe(true);
    expect(collides(200 + GAP - PLAYER_HEIGHT + 1, pipe)).toBe(true);
    expect(collides(300, pipe)).toBe(false);
    expect(collides(0, { ...pipe, x: PLAYER_X + 40 })).toBe(false);
    const crash = frame({ ...playing(), y: 100, vy: 0, obstacles: [pipe, { ...pipe, x: pipe.x + 250 }] });
    expect(crash.status).toBe('gameOver');
  });

  it('when an obstacle leaves the left edge, then it returns 250 px behind the other with its gap 50 px from the edges', () => {
    const gen = mulberry32(5);
    let s: HelicopterState = { ...initialState(gen), status: 'playing' };
    const gaps: number[] = [];
    for (let i = 0; i < 3000; i++) {
      // Keep the helicopter in each gap so the run goes on through many recyclings.
      const next = [...s.obstacles].sort((a, b) => a.x - b.x).find((o) => o.x + OBSTACLE_WIDTH >= PLAYER_X)!;
      s = { ...s, y: next.gapY + GAP / 2 - PLAYER_HEIGHT / 2, vy: 0 };
      const before = s.obstacles.map((o) => o.x);
      s = update(s, { press: false, lives: 0 }, FRAME_MS, gen);
      expect(s.status).toBe('playing');
      s.obstacles.forEach((o, j) => {
        if (o.x > before[j]!) {
          gaps.push(o.gapY);
          expect(o.x - s.obstacles[1 - j]!.x).toBeCloseTo(250);
        }
      });
    }
    expect(gaps.length).toBeGreaterThan(10);
    gaps.forEach((g) => {
      expect(g).toBeGreaterThanOrEqual(50);
      expect(g + GAP).toBeLessThanOrEqual(HEIGHT - 50);
    });
    expect(s.score).toBeGreaterThan(10);
    expect(s.best).toBe(s.score);
  });

  it('when random() is at its extremes, then the gap still keeps the 50 px margins', () => {
    expect(randomGapY(() => 0)).toBe(50);
    expect(randomGapY(() => 0.999999) + GAP).toBeLessThan(HEIGHT - 50 + 0.001);
    expect(WIDTH).toBeGreaterThan(PLAYER_X);
  });
});

describe('helicopter lives', () => {
  it('when a press starts a game, then it spends one life and the next presses only lift', () => {
    const started = frame(initialState(random, 7), true, 2);
    expect(started.status).toBe('playing');
    expect(started.effects).toEqual(['start']);
    expect(started.best).toBe(7);
    expect(frame(started, true, 1).effects).toEqual([]);
  });

  it('when there are no lives, then a press does not start a game', () => {
    const next = frame(initialState(random), true, 0);
    expect(next.status).toBe('idle');
    expect(message(next, 0, 'No lives')).toBe('No lives');
  });

  it('when a game is over, then a press restarts with the best kept', () => {
    const over: HelicopterState = { ...initialState(random), status: 'gameOver', score: 4, best: 9 };
    const again = frame(over, true, 1);
    expect(again.status).toBe('playing');
    expect(again.score).toBe(0);
    expect(again.best).toBe(9);
    expect(again.effects).toEqual(['start']);
  });
});

describe('the no-lives refusal', () => {
  it('stays until the next press', () => {
    const random = mulberry32(1);
    let s = update(initialState(random, 0), { press: true, lives: 0 }, FRAME_MS, random);
    expect(s.refused).toBe(true);
    s = update(s, { press: false, lives: 0 }, FRAME_MS, random);
    expect(s.refused).toBe(true);
    s = update(s, { press: true, lives: 1 }, FRAME_MS, random);
    expect(s.refused).toBe(false);
  });
});

describe('helicopter picture (frames drawn only when it changes)', () => {
  it('when it waits for the first press, then the picture stays the same', () => {
    const idle = initialState(random);
    let s = idle;
    for (let i = 0; i < 60; i++) s = frame(s);
    expect(samePicture(idle, s)).toBe(true);
  });

  it('when it flies, then every frame changes the picture', () => {
    const flying = playing();
    expect(samePicture(flying, frame(flying))).toBe(false);
  });

  it('when it has crashed, then waiting changes nothing until a press', () => {
    const over: HelicopterState = { ...playing(), status: 'gameOver' };
    expect(samePicture(over, frame(frame(over)))).toBe(true);
    expect(samePicture(over, frame(over, true))).toBe(false);
  });
});
