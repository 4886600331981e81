// 2048's screen rules (SPEC 9 "Game physics"): board size and swipe recognition.
import type { Direction } from './logic';

export const MOBILE_BREAKPOINT = 768;
export const SWIPE_THRESHOLD = 30;

/** min(width - 80, 280) below 768 px wide, else 320 (never under 160 on a tiny window). */
export function boardSize(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT ? Math.max(160, Math.min(viewportWidth - 80, 280)) : 320;
}

/** A swipe over 30 px along its main axis, else null. */
export function swipeDirection(dx: number, dy: number): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) <= SWIPE_THRESHOLD) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}
