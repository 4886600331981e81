// A fixed 60 Hz step: the spec's constants are per frame at 60 fps, so the logic always advances
// by whole 60 Hz frames whatever the display rate (120 Hz screens play at the same speed).
export const FRAME_MS = 1000 / 60;
/** Longest gap counted after a tab switch or a stall: a few frames, never a jump through walls. */
export const MAX_DELTA_MS = 100;

export interface FixedStep {
  /** Adds `deltaMs` of real time and returns how many whole frames to run now. */
  advance(deltaMs: number): number;
  reset(): void;
}

export function createFixedStep(maxDeltaMs = MAX_DELTA_MS): FixedStep {
  let carry = 0;
  return {
    advance(deltaMs) {
      const delta = Number.isFinite(deltaMs) ? Math.min(Math.max(deltaMs, 0), maxDeltaMs) : 0;
      carry += delta;
      // A hair of tolerance so 16.666... ms deltas do not drift a frame late.
      const frames = Math.floor((carry + 1e-6) / FRAME_MS);
      carry = Math.max(0, carry - frames * FRAME_MS);
      return frames;
    },
    reset() {
      carry = 0;
    },
  };
}
