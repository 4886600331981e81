// 2048's first state, message, scores and board size, without Phaser: the scene starts from them,
// and the page shows them from its first paint, before Phaser and the scene have arrived.
import { readBestScore } from '@games/shared/best-score';
import type { Random } from '@games/shared/random';
import { initialState, message, type State2048 } from './logic';
import { boardSize } from './layout';

/** A new board with this browser's best score (none in tester mode, whose runs are repeatable). */
export const firstState = (random: Random, tester: boolean): State2048 =>
  initialState(random, tester ? 0 : readBestScore('2048'));

/** What a new game says (where its first two tiles fall does not change it). */
export const firstMessage = (): string => message(firstState(() => 0, false));

/** The score boxes of a new game. */
export const firstScores = () => ({ score: 0, best: readBestScore('2048') });

/** The board's side in CSS px on this screen: the canvas is this size, and its room is held. */
export const boardSide = (): number => boardSize(typeof window === 'undefined' ? 1280 : window.innerWidth);
