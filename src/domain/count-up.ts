// The celebration's count-up (SPEC 9: about 1 s after a 1.2 s delay), as a pure function of time.

export const COUNT_UP_DELAY_MS = 1200;
export const COUNT_UP_DURATION_MS = 1000;

/**
 * The number shown `elapsedMs` after the celebration opened: 0 during the delay, then easing out
 * (cubic) to `target`, which it reaches exactly at delay + duration and keeps.
 */
export function countUpAt(
  target: number,
  elapsedMs: number,
  delayMs = COUNT_UP_DELAY_MS,
  durationMs = COUNT_UP_DURATION_MS,
): number {
  if (!(elapsedMs > delayMs)) return 0;
  if (durationMs <= 0 || elapsedMs >= delayMs + durationMs) return target;
  const p = (elapsedMs - delayMs) / durationMs;
  return Math.round(target * (1 - Math.pow(1 - p, 3)));
}
