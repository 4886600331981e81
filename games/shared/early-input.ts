// Input given to a game's page before its scene listens. The host starts Phaser after the page's
// first paint (game-host.tsx), so a page shows the game's message ("Click, tap or press Space to
// launch the ball") and its box for a few hundred milliseconds on a slow phone before the scene
// exists; a key pressed or a tap given then was lost. The host records from its first layout until
// the scene is ready, and the scene hands what was recorded to its own handlers (game-scene.ts).
// Phaser-free: it loads with the page.
import { fromControl } from './keyboard';

export type EarlyInput =
  | { type: 'keydown' | 'keyup'; event: KeyboardEvent }
  | { type: 'pointerdown'; event: PointerEvent }
  | { type: 'blur' };

/** More than a player gives in the moments before the start; the rest is not kept. */
export const EARLY_INPUT_MAX = 32;
/** Keys every game plays with whose default would scroll the page, as the scenes' own handlers stop. */
const SCROLL_KEYS = new Set([' ', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

let recording: { inputs: EarlyInput[]; stop: () => void } | null = null;

/**
 * Records the page's keys (not those typed into its controls) and presses on `area` (the game's
 * panel) until `takeEarlyInput` or the returned stop. One game page at a time: a new recording
 * ends the one before.
 */
export function recordEarlyInput(area: HTMLElement | null): () => void {
  recording?.stop();
  const inputs: EarlyInput[] = [];
  const keep = (input: EarlyInput) => {
    if (inputs.length < EARLY_INPUT_MAX) inputs.push(input);
  };
  const onKey = (event: KeyboardEvent) => {
    if (fromControl(event)) return;
    if (SCROLL_KEYS.has(event.key)) event.preventDefault();
    // A held key's repeats add nothing the press and its release do not say.
    if (event.type === 'keydown' && event.repeat) return;
    keep({ type: event.type === 'keydown' ? 'keydown' : 'keyup', event });
  };
  const onBlur = () => keep({ type: 'blur' });
  const onPointer = (event: PointerEvent) => {
    // The panel's own buttons and links keep their presses.
    if (fromControl(event)) return;
    keep({ type: 'pointerdown', event });
  };
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', onKey);
  window.addEventListener('blur', onBlur);
  area?.addEventListener('pointerdown', onPointer);
  const current = {
    inputs,
    stop: () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('keyup', onKey);
      window.removeEventListener('blur', onBlur);
      area?.removeEventListener('pointerdown', onPointer);
      if (recording === current) recording = null;
    },
  };
  recording = current;
  return current.stop;
}

/** Ends the recording and answers what it holds, oldest first (nothing when none runs). */
export function takeEarlyInput(): EarlyInput[] {
  const current = recording;
  if (!current) return [];
  current.stop();
  return current.inputs;
}
