// What a game's page passes to its scene besides the bridge.
import type { PauseState } from './pause';
import { readTesterOptions, type TesterOptions } from './tester';

export interface GameSceneOptions {
  /** Every message the game shows (prompt, score, lives, game over, won), as text for the page's
   *  aria-live region; called only when the text changes. */
  onMessage?: (text: string) => void;
  /** Whether the game can be paused now, and whether it is (for the page's Pause button). */
  onPause?: (state: PauseState) => void;
  /** Tester mode (seeded randomness, manual clock, stand-in lives); defaults to the address's. */
  tester?: TesterOptions | null;
}

export function testerFromLocation(): TesterOptions | null {
  return typeof window === 'undefined' ? null : readTesterOptions(window.location.href);
}

/** Calls `onMessage` only when the text changes, so a live region is not flooded each frame. */
export function messageSink(onMessage: ((text: string) => void) | undefined): (text: string) => void {
  let last: string | null = null;
  return (text) => {
    if (text === last) return;
    last = text;
    onMessage?.(text);
  };
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}
