// Keys for the scenes, straight from the page: Phaser 4.2's keyboard plugin was seen to replay one
// key press several times on a slow (SwiftShader) frame, and a 2048 move must happen once.
// Keys typed into the page's own controls (Back to Games, buttons, fields) are left to them.
const CONTROLS = 'button, a, input, textarea, select, [contenteditable="true"]';

export interface KeyHandlers {
  down?: (event: KeyboardEvent) => void;
  up?: (event: KeyboardEvent) => void;
  /** The page lost focus: held keys no longer count. */
  blur?: () => void;
}

/** A key typed into, or a press on, one of the page's own controls, which keep it. */
export const fromControl = (e: Event): boolean =>
  e.target instanceof Element && e.target.closest(CONTROLS) !== null;

export function listenKeys({ down, up, blur }: KeyHandlers): () => void {
  const onDown = (e: KeyboardEvent) => {
    if (!fromControl(e)) down?.(e);
  };
  const onUp = (e: KeyboardEvent) => up?.(e);
  const onBlur = () => blur?.();
  window.addEventListener('keydown', onDown);
  window.addEventListener('keyup', onUp);
  window.addEventListener('blur', onBlur);
  return () => {
    window.removeEventListener('keydown', onDown);
    window.removeEventListener('keyup', onUp);
    window.removeEventListener('blur', onBlur);
  };
}
