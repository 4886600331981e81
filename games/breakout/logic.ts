// Breakout as a pure state machine (SPEC 4 "Breakout", 9 "Game physics"). The spec's speeds are
// per 60 fps frame; `dtMs` scales them, and the ball moves in sub-steps of at most 1 px so it
// never tunnels through a brick or the paddle.
export const WIDTH = 480;
export const HEIGHT = 320;
export const PADDLE_WIDTH = 75;
export const PADDLE_WIDTH_NARROW = 97.5;
export const NARROW_SCREEN = 400;
export const PADDLE_HEIGHT = 10;
export const PADDLE_STEP = 7;
export const BRICK_COLUMNS = 7;
export const BRICK_ROWS = 5;
export const BRICK_WIDTH = 55;
export const BRICK_HEIGHT = 20;
export const BRICK_PADDING = 10;
export const BRICK_TOP = 30;
export const BRICK_LEFT = (WIDTH - BRICK_COLUMNS * BRICK_WIDTH - (BRICK_COLUMNS - 1) * BRICK_PADDING) / 2;
export const BALL_RADIUS = 8;
export const BALL_SPEED = 2;
export const LIFE_LOST_DELAY_MS = 1000;
const FRAME_MS = 1000 / 60;

export const TEXTS = {
  start: 'Click, tap or press Space to launch the ball',
  lifeLost: 'Life lost!',
  gameOver: 'Game Over, Click or Space to Restart',
  // The server pays the win; the cap of 5 may keep fewer (the notice then says what was kept).
  won: 'You cleared every brick! +3 lives (5 at most). Click or Space to Restart',
} as const;

export type Status = 'idle' | 'playing' | 'lifeLost' | 'gameOver' | 'gameWon';
/** What the scene must do through the progression bridge: spend a life, or pay the win. */
export type Effect = 'loseLife' | 'win';

export interface Ball {
  x: number;
  y: number;
  dx: number;
  dy: number;
}

export interface BreakoutState {
  status: Status;
  /** SPEC 3: 7x5 grid, 1 present, 0 broken; bricks[row][column]. */
  bricks: number[][];
  score: number;
  ball: Ball;
  paddleX: number;
  paddleWidth: number;
  /** Time spent in lifeLost. */
  lostMs: number;
  refused: boolean;
  effects: Effect[];
}

export interface BreakoutInput {
  left: boolean;
  right: boolean;
  /** Where the mouse or finger is over the canvas (its x), when it moved this frame. */
  pointerX: number | null;
  /** Space, click or tap this frame: launch, or restart after the game ended. */
  action: boolean;
  /** The player's lives now, from the bridge. */
  lives: number;
}

export const NO_INPUT: BreakoutInput = { left: false, right: false, pointerX: null, action: false, lives: 0 };

export function paddleWidthFor(screenWidth: number): number {
  return screenWidth < NARROW_SCREEN ? PADDLE_WIDTH_NARROW : PADDLE_WIDTH;
}

export const paddleTop = HEIGHT - PADDLE_HEIGHT;

function restingBall(paddleX: number, paddleWidth: number): Ball {
  return { x: paddleX + paddleWidth / 2, y: paddleTop - BALL_RADIUS, dx: BALL_SPEED, dy: -BALL_SPEED };
}

export function initialState(paddleWidth = PADDLE_WIDTH): BreakoutState {
  const paddleX = (WIDTH - paddleWidth) / 2;
  return {
    status: 'idle',
    bricks: Array.from({ length: BRICK_ROWS }, () => Array<number>(BRICK_COLUMNS).fill(1)),
    score: 0,
    ball: restingBall(paddleX, paddleWidth),
    paddleX,
    paddleWidth,
    lostMs: 0,
    refused: false,
    effects: [],
  };
}

export function brickRect(row: number, column: number) {
  return {
    x: BRICK_LEFT + column * (BRICK_WIDTH + BRICK_PADDING),
    y: BRICK_TOP + row * (BRICK_HEIGHT + BRICK_PADDING),
    w: BRICK_WIDTH,
    h: BRICK_HEIGHT,
  };
}

function movePaddle(state: BreakoutState, input: BreakoutInput, frames: number): number {
  let x = state.paddleX;
  if (input.pointerX !== null) x = input.pointerX - state.paddleWidth / 2;
  if (input.left) x -= PADDLE_STEP * frames;
  if (input.right) x += PADDLE_STEP * frames;
  return Math.min(Math.max(x, 0), WIDTH - state.paddleWidth);
}

/** Circle against rectangle: the push-out normal when they overlap, else null. */
function hit(ball: Ball, r: { x: number; y: number; w: number; h: number }): 'x' | 'y' | null {
  const cx = Math.min(Math.max(ball.x, r.x), r.x + r.w);
  const cy = Math.min(Math.max(ball.y, r.y), r.y + r.h);
  const ox = ball.x - cx;
  const oy = ball.y - cy;
  if (ox * ox + oy * oy >= BALL_RADIUS * BALL_RADIUS) return null;
  // Hitting a side face reverses dx; the top or bottom face (or a corner met head-on) reverses dy.
  return Math.abs(ox) > Math.abs(oy) ? 'x' : 'y';
}

/** Moves the ball `frames` frames in 1 px sub-steps; bounces off walls, paddle and bricks. */
function moveBall(state: BreakoutState, frames: number): BreakoutState {
  const ball = { ...state.ball };
  let bricks = state.bricks;
  let score = state.score;
  const distance = Math.max(Math.abs(ball.dx), Math.abs(ball.dy)) * frames;
  const steps = Math.max(1, Math.ceil(distance));
  const part = frames / steps;
  for (let i = 0; i < steps; i++) {
    ball.x += ball.dx * part;
    ball.y += ball.dy * part;
    ball.x = Math.min(Math.max(ball.x, BALL_RADIUS), WIDTH - BALL_RADIUS);
    if (ball.x === BALL_RADIUS) ball.dx = Math.abs(ball.dx);
    if (ball.x === WIDTH - BALL_RADIUS) ball.dx = -Math.abs(ball.dx);
    if (ball.y < BALL_RADIUS) {
      ball.y = BALL_RADIUS;
      ball.dy = Math.abs(ball.dy);
    }
    // The paddle returns a falling ball; where it lands steers it (left third left, right third right).
    const paddle = { x: state.paddleX, y: paddleTop, w: state.paddleWidth, h: PADDLE_HEIGHT };
    if (ball.dy > 0 && ball.y < paddleTop && hit(ball, paddle)) {
      ball.dy = -Math.abs(ball.dy);
      const along = (ball.x - state.paddleX) / state.paddleWidth;
      if (along < 1 / 3) ball.dx = -Math.abs(ball.dx);
      else if (along > 2 / 3) ball.dx = Math.abs(ball.dx);
    }
    // At most one brick per sub-step, so a ball between two bricks breaks them one at a time.
    search: for (let row = 0; row < BRICK_ROWS; row++) {
      for (let column = 0; column < BRICK_COLUMNS; column++) {
        if (bricks[row]![column] !== 1) continue;
        const side = hit(ball, brickRect(row, column));
        if (!side) continue;
        bricks = bricks.map((r, i) => (i === row ? r.map((v, j) => (j === column ? 0 : v)) : r));
        score += 1;
        if (side === 'x') ball.dx = -ball.dx;
        else ball.dy = -ball.dy;
        break search;
      }
    }
    if (ball.y - BALL_RADIUS > HEIGHT) break;
  }
  return { ...state, ball, bricks, score };
}

/** One frame (or `dtMs` of frames) in, the next state out; `effects` lists the bridge calls. */
export function update(prev: BreakoutState, input: BreakoutInput, dtMs: number): BreakoutState {
  const frames = dtMs / FRAME_MS;
  // A refusal stays shown until the next launch attempt.
  const state: BreakoutState = { ...prev, effects: [], refused: prev.refused && !input.action };
  switch (state.status) {
    case 'idle': {
      const paddleX = movePaddle(state, input, frames);
      const ball = restingBall(paddleX, state.paddleWidth);
      if (!input.action) return { ...state, paddleX, ball };
      if (input.lives < 1) return { ...state, paddleX, ball, refused: true };
      return { ...state, paddleX, ball, status: 'playing' };
    }
    case 'playing': {
      const moved = moveBall({ ...state, paddleX: movePaddle(state, input, frames) }, frames);
      if (moved.bricks.every((r) => r.every((b) => b === 0))) {
        return { ...moved, status: 'gameWon', effects: ['win'] };
      }
      if (moved.ball.y - BALL_RADIUS > HEIGHT) return { ...moved, status: 'lifeLost', lostMs: 0 };
      return moved;
    }
    case 'lifeLost': {
      const lostMs = state.lostMs + dtMs;
      if (lostMs < LIFE_LOST_DELAY_MS - 1e-6) return { ...state, lostMs };
      // The life is spent now; with none left after it, the game is over.
      const resting = { ...state, lostMs: 0, effects: ['loseLife'] as Effect[] };
      const ball = restingBall(state.paddleX, state.paddleWidth);
      return input.lives - 1 > 0 ? { ...resting, status: 'idle', ball } : { ...resting, status: 'gameOver' };
    }
    case 'gameOver':
    case 'gameWon':
      return input.action ? initialState(state.paddleWidth) : state;
  }
}

/**
 * Whether two states look the same on screen (and in the message): the scene draws a frame only
 * when they do not. The ball resting on a still paddle, or the second of `lifeLost`, changes nothing.
 */
export function samePicture(a: BreakoutState, b: BreakoutState): boolean {
  return (
    a.status === b.status &&
    a.bricks === b.bricks &&
    a.score === b.score &&
    a.refused === b.refused &&
    a.paddleX === b.paddleX &&
    a.paddleWidth === b.paddleWidth &&
    a.ball.x === b.ball.x &&
    a.ball.y === b.ball.y
  );
}

export function message(state: BreakoutState, lives: number, noLives: string): string {
  if (state.refused) return noLives;
  if (state.status === 'gameOver') return `${TEXTS.gameOver}. Score ${state.score}.`;
  if (state.status === 'gameWon') return `${TEXTS.won}. Score ${state.score}.`;
  if (state.status === 'lifeLost') return `${TEXTS.lifeLost} Score ${state.score}.`;
  if (state.status === 'idle') return `${TEXTS.start}. Score ${state.score}. Lives ${lives}.`;
  return `Score ${state.score}. Lives ${lives}.`;
}

/** A resize or rotation across 400 px: the paddle takes its new width, kept over the same centre. */
export function withPaddleWidth(state: BreakoutState, paddleWidth: number): BreakoutState {
  if (paddleWidth === state.paddleWidth) return state;
  const centre = state.paddleX + state.paddleWidth / 2;
  const paddleX = Math.min(Math.max(centre - paddleWidth / 2, 0), WIDTH - paddleWidth);
  const ball = state.status === 'idle' ? { ...state.ball, x: paddleX + paddleWidth / 2 } : state.ball;
  return { ...state, paddleX, paddleWidth, ball };
}
