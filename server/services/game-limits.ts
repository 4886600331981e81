// What the games' physics allow, derived from the games' own constants, for the referee's checks
// of Breakout wins and best scores (src/domain/referee.ts).
import * as breakout from '../../games/breakout/logic';
import * as helicopter from '../../games/helicopter/logic';
import { SIZE } from '../../games/2048/logic';
import type { GameLimits } from '../../src/domain/referee';

const FRAME_MS = 1000 / 60;

/**
 * A lower bound on clearing Breakout: the ball (at most BALL_SPEED px a frame on each axis) must
 * first rise from the paddle to the lowest brick row, then cross between the first and the last
 * column to touch a brick in each. Other paths are longer.
 */
function breakoutMinClearMs(): number {
  const b = breakout;
  const fieldBottom = b.BRICK_TOP + b.BRICK_ROWS * b.BRICK_HEIGHT + (b.BRICK_ROWS - 1) * b.BRICK_PADDING;
  const rise = b.paddleTop - b.BALL_RADIUS - (fieldBottom + b.BALL_RADIUS);
  const across =
    (b.BRICK_COLUMNS - 1) * (b.BRICK_WIDTH + b.BRICK_PADDING) - b.BRICK_WIDTH - 2 * b.BALL_RADIUS;
  return ((rise + across) / b.BALL_SPEED) * FRAME_MS;
}

/** Obstacles come OBSTACLE_SPACING px apart at SPEED px a frame: one point per that many frames. */
const helicopterMsPerPoint = (helicopter.OBSTACLE_SPACING / helicopter.SPEED) * FRAME_MS;

/**
 * The largest tile a 4x4 board can make is 2^(cells + 1) (every cell holding a distinct power
 * when a 4 spawns last); making a tile 2^k from 2s scores (k - 1) * 2^k, so the sum over the
 * tiles a board can hold at once bounds any game's score.
 */
function max2048Score(): number {
  const cells = SIZE * SIZE;
  let total = 0;
  for (let k = 2; k <= cells + 1; k++) total += (k - 1) * 2 ** k;
  return total;
}

export const GAME_LIMITS: GameLimits = {
  breakoutMinClearMs: breakoutMinClearMs(),
  helicopterMsPerPoint,
  max2048Score: max2048Score(),
};
