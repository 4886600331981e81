// Breakout's first state and message, without Phaser: the scene starts from them, and the page
// shows the message from its first paint, before Phaser and the scene have arrived.
import { NO_LIVES_MESSAGE } from '@/domain/lives';
import { initialState, message, paddleWidthFor, type BreakoutState } from './logic';

/** A new game, its paddle as wide as this screen gives it. */
export const firstState = (): BreakoutState => initialState(paddleWidthFor(window.innerWidth));

/** What a new game says with `lives` left. */
export const firstMessage = (lives: number): string => message(firstState(), lives, NO_LIVES_MESSAGE);
