// Helicopter as a pure state machine (SPEC 4 "Helicopter", 9 "Game physics"): gravity pulls,
// a press lifts, pipes scroll left with a 200 px gap kept 50 px from the edges; per-frame
// constants at 60 fps, scaled by `dtMs`.
import type { Random } from '@games/shared/random';

export const WIDTH = 400;
export const HEIGHT = 600;
export const GRAVITY = 0.25;
export const LIFT = -5;
export const OBSTACLE_WIDTH = 60;
export const GAP = 200;
export const SPEED = 2;
export const OBSTACLE_SPACING = 250;
export const PLAYER_X = 80;
export const GAP_MARGIN = 50;
export const PLAYER_WIDTH = 40;
export const PLAYER_HEIGHT = 24;
const FRAME_MS = 1000 / 60;

export const TEXTS = {
  start: 'Tap, click or press Space to fly (1 life)',
  gameOver: 'Game Over, Tap to Restart',
} as const;

export type Status = 'idle' | 'playing' | 'gameOver';
/** What the scene must do through the progression bridge: spend a life for a new game. */
export type Effect = 'start';

export interface Obstacle {
  x: number;
  /** Top of the gap; the gap spans gapY..gapY + GAP. */
  gapY: number;
  passed: boolean;
}

export interface HelicopterState {
  status: Status;
  /** Top of the helicopter; its left edge is PLAYER_X. */
  y: number;
  vy: number;
  obstacles: Obstacle[];
  score: number;
  best: number;
  refused: boolean;
  effects: Effect[];
}

export interface HelicopterInput {
  /** A press, click, tap or Space this frame. */
  press: boolean;
  lives: number;
}

/** A gap top that keeps the gap 50 px from both edges. */
export function randomGapY(random: Random): number {
  return GAP_MARGIN + random() * (HEIGHT - 2 * GAP_MARGIN - GAP);
}

export function initialState(random: Random, best = 0): HelicopterState {
  return {
    status: 'idle',
    y: (HEIGHT - PLAYER_HEIGHT) / 2,
    vy: 0,
    obstacles: [0, 1].map((i) => ({
      x: WIDTH + i * OBSTACLE_SPACING,
      gapY: randomGapY(random),
      passed: false,
    })),
    score: 0,
    best,
    refused: false,
    effects: [],
  };
}

export function collides(y: number, o: Obstacle): boolean {
  const overlapsX = PLAYER_X + PLAYER_WIDTH > o.x && PLAYER_X < o.x + OBSTACLE_WIDTH;
  return overlapsX && (y < o.gapY || y + PLAYER_HEIGHT > o.gapY + GAP);
}

function fly(state: HelicopterState, press: boolean, frames: number, random: Random): HelicopterState {
  const vy = press ? LIFT : state.vy + GRAVITY * frames;
  const y = state.y + vy * frames;
  let score = state.score;
  const moved = state.obstacles.map((o) => ({ ...o, x: o.x - SPEED * frames }));
  const obstacles = moved.map((o, i) => {
    let next = o;
    if (!o.passed && o.x + OBSTACLE_WIDTH < PLAYER_X) {
      score += 1;
      next = { ...o, passed: true };
    }
    // Off the left edge: it comes back 250 px behind the other one, with a new gap.
    if (next.x + OBSTACLE_WIDTH < 0) {
      const other = moved[1 - i]!;
      next = { x: other.x + OBSTACLE_SPACING, gapY: randomGapY(random), passed: false };
    }
    return next;
  });
  const crashed = y < 0 || y + PLAYER_HEIGHT > HEIGHT || obstacles.some((o) => collides(y, o));
  const best = Math.max(state.best, score);
  return { ...state, y, vy, obstacles, score, best, status: crashed ? 'gameOver' : 'playing' };
}

/** One frame (or `dtMs` of frames) in, the next state out; `effects` lists the bridge calls. */
export function update(
  prev: HelicopterState,
  input: HelicopterInput,
  dtMs: number,
  random: Random,
): HelicopterState {
  const frames = dtMs / FRAME_MS;
  // A refusal stays shown until the next press.
  const state: HelicopterState = { ...prev, effects: [], refused: prev.refused && !input.press };
  if (state.status === 'playing') return fly(state, input.press, frames, random);
  if (!input.press) return state;
  // Every press that starts a game costs a life; the press also gives the first lift.
  if (input.lives < 1) return { ...state, refused: true };
  const fresh = initialState(random, state.best);
  return { ...fly({ ...fresh, status: 'playing' }, true, frames, random), effects: ['start'] };
}

/**
 * Whether two states look the same on screen (and in the message): the scene draws a frame only
 * when they do not. Nothing moves before the first press or after a crash.
 */
export function samePicture(a: HelicopterState, b: HelicopterState): boolean {
  return (
    a.status === b.status &&
    a.y === b.y &&
    a.score === b.score &&
    a.best === b.best &&
    a.refused === b.refused &&
    a.obstacles.length === b.obstacles.length &&
    a.obstacles.every((o, i) => o.x === b.obstacles[i]!.x && o.gapY === b.obstacles[i]!.gapY)
  );
}

export function message(state: HelicopterState, lives: number, noLives: string): string {
  if (state.refused) return noLives;
  if (state.status === 'gameOver') return `${TEXTS.gameOver}. Score ${state.score}. Best ${state.best}.`;
  if (state.status === 'idle') return `${TEXTS.start}. Best ${state.best}. Lives ${lives}.`;
  return `Score ${state.score}. Best ${state.best}.`;
}
