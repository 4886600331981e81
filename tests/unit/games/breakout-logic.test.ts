import { describe, expect, it } from 'vitest';
import { FRAME_MS } from '@games/shared/fixed-step';
import {
  BALL_RADIUS,
  BRICK_HEIGHT,
  BRICK_TOP,
  type BreakoutInput,
  type BreakoutState,
  HEIGHT,
  NO_INPUT,
  WIDTH,
  brickRect,
  initialState,
  message,
  paddleTop,
  paddleWidthFor,
  samePicture,
  update,
  withPaddleWidth,
} from '@games/breakout/logic';

const input = (over: Partial<BreakoutInput> = {}): BreakoutInput => ({ ...NO_INPUT, lives: 3, ...over });
const noBricks = () => Array.from({ length: 5 }, () => Array<number>(7).fill(0));
/** One brick left, top right, out of the way of these tests' balls. */
const farBrick = () => noBricks().map((r, i) => (i === 0 ? r.map((_, j) => (j === 6 ? 1 : 0)) : r));

function run(state: BreakoutState, frames: number, over: Partial<BreakoutInput> = {}): BreakoutState {
  let s = state;
  for (let i = 0; i < frames; i++) s = update(s, input(over), FRAME_MS);
  return s;
}

const playing = (ball: BreakoutState['ball'], extra: Partial<BreakoutState> = {}): BreakoutState => ({
  ...initialState(),
  status: 'playing',
  bricks: farBrick(),
  ball,
  ...extra,
});

describe('breakout paddle', () => {
  it('when the screen is under 400 px, then the paddle is 97.5 wide, else 75', () => {
    expect(paddleWidthFor(390)).toBe(97.5);
    expect(paddleWidthFor(400)).toBe(75);
  });

  it('when an arrow key is held, then the paddle moves 7 px a frame and stops at the walls', () => {
    const start = initialState();
    expect(run(start, 1, { right: true }).paddleX).toBe(start.paddleX + 7);
    expect(run(start, 3, { left: true }).paddleX).toBe(start.paddleX - 21);
    expect(run(start, 100, { right: true }).paddleX).toBe(WIDTH - 75);
    expect(run(start, 100, { left: true }).paddleX).toBe(0);
  });

  it('when the screen turns narrower than 400 px mid-game, then the paddle widens about its centre', () => {
    const state = { ...initialState(), paddleX: 400 };
    const wide = withPaddleWidth(state, paddleWidthFor(390));
    expect(wide.paddleWidth).toBe(97.5);
    expect(wide.paddleX).toBe(WIDTH - 97.5);
    const centred = withPaddleWidth(initialState(), 97.5);
    expect(centred.paddleX + 97.5 / 2).toBe(WIDTH / 2);
    expect(centred.ball.x).toBe(WIDTH / 2);
  });

  it('when the pointer moves, then the paddle centres under it, inside the canvas', () => {
    expect(run(initialState(), 1, { pointerX: 200 }).paddleX).toBe(200 - 37.5);
    expect(run(initialState(), 1, { pointerX: 5 }).paddleX).toBe(0);
  });
});

describe('breakout ball', () => {
  it('when launched, then it moves 2 px a frame on each axis', () => {
    const launched = update(initialState(), input({ action: true }), FRAME_MS);
    expect(launched.status).toBe('playing');
    const { x, y } = launched.ball;
    const next = run(launched, 1);
    expect(next.ball.x).toBeCloseTo(x + 2);
    expect(next.ball.y).toBeCloseTo(y - 2);
  });

  it('when the ball reaches the right, left and top walls, then it bounces back', () => {
    const right = run(playing({ x: WIDTH - BALL_RADIUS - 1, y: 250, dx: 2, dy: -2 }), 1);
    expect(right.ball.dx).toBe(-2);
    expect(right.ball.x).toBeLessThanOrEqual(WIDTH - BALL_RADIUS);
    const left = run(playing({ x: BALL_RADIUS + 1, y: 250, dx: -2, dy: -2 }), 1);
    expect(left.ball.dx).toBe(2);
    const top = run(playing({ x: 240, y: BALL_RADIUS + 1, dx: 2, dy: -2 }, { bricks: farBrick() }), 1);
    expect(top.ball.dy).toBe(2);
  });

  it('when the falling ball meets the paddle, then it goes back up', () => {
    const state = initialState();
    const ball = { x: state.paddleX + 37, y: paddleTop - BALL_RADIUS - 1, dx: 2, dy: 2 };
    const next = run(playing(ball, { bricks: farBrick() }), 2);
    expect(next.ball.dy).toBe(-2);
    expect(next.status).toBe('playing');
  });

  it('when the ball lands on the paddle edge thirds, then it leaves towards that side', () => {
    const state = initialState();
    const onLeft = { x: state.paddleX + 5, y: paddleTop - BALL_RADIUS - 1, dx: 2, dy: 2 };
    expect(run(playing(onLeft, { bricks: farBrick() }), 2).ball.dx).toBe(-2);
  });

  it('when the ball rises into a brick, then that brick breaks, the score grows and it bounces', () => {
    const brick = brickRect(4, 3);
    const ball = { x: brick.x + 20, y: brick.y + BRICK_HEIGHT + BALL_RADIUS + 3, dx: 2, dy: -2 };
    const state = { ...playing(ball), bricks: Array.from({ length: 5 }, () => Array<number>(7).fill(1)) };
    const next = run(state, 3);
    expect(next.bricks[4]![3]).toBe(0);
    expect(next.bricks.flat().filter((b) => b === 1)).toHaveLength(34);
    expect(next.score).toBe(1);
    expect(next.ball.dy).toBe(2);
  });

  it('when the ball flies at 2 px a frame for 10 s, then it never ends inside a brick or the paddle', () => {
    let state = update(initialState(), input({ action: true }), FRAME_MS);
    for (let i = 0; i < 600 && state.status === 'playing'; i++) {
      state = update(state, input({ pointerX: state.ball.x }), FRAME_MS);
      const { x, y } = state.ball;
      state.bricks.forEach((row, r) =>
        row.forEach((present, c) => {
          if (!present) return;
          const b = brickRect(r, c);
          expect(x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h).toBe(false);
        }),
      );
      expect(y < paddleTop + 1 || state.status !== 'playing').toBe(true);
    }
    expect(state.score).toBeGreaterThan(0);
    expect(state.ball.y).toBeGreaterThan(BRICK_TOP - 1);
  });
});

describe('breakout lives and win', () => {
  const missed = () => {
    let state = playing({ x: 100, y: HEIGHT - 2, dx: 2, dy: 2 }, { bricks: farBrick() });
    for (let i = 0; i < 10 && state.status === 'playing'; i++) state = run(state, 1);
    return state;
  };

  it('when the ball is missed, then lifeLost; after 1 s one life is spent and it is idle again', () => {
    const lost = missed();
    expect(lost.status).toBe('lifeLost');
    const almost = run(lost, 59, { lives: 3 });
    expect(almost.status).toBe('lifeLost');
    expect(almost.effects).toEqual([]);
    const after = update(almost, input({ lives: 3 }), FRAME_MS);
    expect(after.status).toBe('idle');
    expect(after.effects).toEqual(['loseLife']);
    expect(after.bricks).toEqual(lost.bricks);
  });

  it('when the last life is lost, then gameOver with the restart text; Space restarts', () => {
    const over = run(missed(), 60, { lives: 1 });
    expect(over.status).toBe('gameOver');
    expect(message(over, 0, 'none')).toContain('Game Over, Click or Space to Restart');
    expect(run(over, 120, { lives: 0 }).status).toBe('gameOver');
    const restarted = update(over, input({ action: true, lives: 0 }), FRAME_MS);
    expect(restarted.status).toBe('idle');
    expect(restarted.bricks.flat().every((b) => b === 1)).toBe(true);
  });

  it('when there are no lives, then a click does not launch the ball', () => {
    const next = update(initialState(), input({ action: true, lives: 0 }), FRAME_MS);
    expect(next.status).toBe('idle');
    expect(message(next, 0, 'No lives')).toBe('No lives');
  });

  it('when the last brick breaks, then gameWon asks for the win reward once', () => {
    const brick = brickRect(0, 0);
    const bricks = noBricks();
    bricks[0]![0] = 1;
    const ball = { x: brick.x + 20, y: brick.y + BRICK_HEIGHT + BALL_RADIUS + 1, dx: 2, dy: -2 };
    const won = run(playing(ball, { bricks }), 1);
    expect(won.status).toBe('gameWon');
    expect(won.effects).toEqual(['win']);
    expect(update(won, input(), FRAME_MS).effects).toEqual([]);
    expect(update(won, input({ action: true }), FRAME_MS).status).toBe('idle');
  });
});

describe('breakout picture (frames drawn only when it changes)', () => {
  it('when the ball waits on a still paddle, then the picture stays the same', () => {
    const idle = initialState();
    expect(samePicture(idle, run(idle, 60))).toBe(true);
  });

  it('when the paddle moves before the launch, then the picture changes', () => {
    const idle = initialState();
    expect(samePicture(idle, run(idle, 1, { left: true }))).toBe(false);
  });

  it('when the ball is in play, then every frame changes the picture', () => {
    const flying = playing({ x: 240, y: 200, dx: 2, dy: -2 });
    expect(samePicture(flying, run(flying, 1))).toBe(false);
  });

  it('when a life was lost or the game is over, then waiting changes nothing', () => {
    const lost = { ...playing({ x: 240, y: HEIGHT + 20, dx: 2, dy: 2 }), status: 'lifeLost' as const };
    expect(samePicture(lost, run(lost, 30))).toBe(true);
    const over = { ...initialState(), status: 'gameOver' as const };
    expect(samePicture(over, run(over, 60))).toBe(true);
  });

  it('when the launch is refused for want of lives, then the refusal is a new picture', () => {
    const idle = initialState();
    expect(samePicture(idle, update(idle, input({ action: true, lives: 0 }), FRAME_MS))).toBe(false);
  });
});
