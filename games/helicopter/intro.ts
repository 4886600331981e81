// Helicopter's first state and message, without Phaser: the scene starts from them, and the page
// shows the message from its first paint, before Phaser and the scene have arrived.
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import { readBestScore } from '@games/shared/best-score';
import type { Random } from '@games/shared/random';
import { initialState, message, type HelicopterState } from './logic';

/** A new game with this browser's best score (none in tester mode, whose runs are repeatable). */
export const firstState = (random: Random, tester: boolean): HelicopterState =>
  initialState(random, tester ? 0 : readBestScore('helicopter'));

/** What a new game says with `lives` left (the pipes' random gaps do not change what it says). */
export const firstMessage = (lives: number): string =>
  message(
    firstState(() => 0, false),
    lives,
    NO_LIVES_MESSAGE,
  );
