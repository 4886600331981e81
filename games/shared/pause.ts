// The pause rules every time-based game shares: P and Escape toggle it, a hidden page sets it,
// and only a game in play can be paused (nothing moves on a start or game-over screen).
export type PauseState = 'unavailable' | 'running' | 'paused';
export type PauseCommand = 'toggle' | 'pause' | 'resume';

export const PAUSED_TITLE = 'Paused';
export const PAUSED_MESSAGE = 'Paused. Press P or Escape, or Resume, to play on.';
export const PAUSE_LABEL = 'Pause';
export const RESUME_LABEL = 'Resume';

export function isPauseKey(key: string): boolean {
  return key === 'p' || key === 'P' || key === 'Escape';
}

/** Whether the game is paused after `command`, given whether it is in play. */
export function nextPaused(paused: boolean, inPlay: boolean, command: PauseCommand): boolean {
  if (!inPlay) return false;
  if (command === 'toggle') return !paused;
  return command === 'pause';
}

/** What the page's Pause button shows. */
export function pauseState(paused: boolean, inPlay: boolean): PauseState {
  if (!inPlay) return 'unavailable';
  return paused ? 'paused' : 'running';
}
