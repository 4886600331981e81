// The performance marks a game page sets, read by the bench and the browser tests.

/** Set when a game's first frame has been drawn. */
export const FIRST_FRAME_MARK = 'game-first-frame';
/** Set just before the game is created (after the page's first paint, once Phaser is here). */
export const GAME_CREATE_MARK = 'game-create';
