// Phaser's source decides its optional parts with `typeof FLAG` tests that its own webpack build
// replaces (phaser/config/webpack.config.js). This does the same for Vite, so the trimmed build
// (games/shared/phaser-runtime.ts) leaves out the WebGL renderer, sound and plugins the games never
// use. The games draw with Phaser's Canvas renderer (docs/decisions.md, "The games draw on Canvas").
import type { Plugin } from 'vite';

const FLAGS: Record<string, boolean> = {
  // A few dozen shapes and two lines of text a frame: Canvas 2D draws them in a fraction of a
  // millisecond, and the WebGL renderer cost 42 KB of compressed script and a shader-compiling start.
  WEBGL_RENDERER: false,
  CANVAS_RENDERER: true,
  WEBGL_DEBUG: false,
  FEATURE_SOUND: false,
  PLUGIN_CAMERA3D: false,
  PLUGIN_FBINSTANT: false,
};
const PATTERN = new RegExp(`typeof (${Object.keys(FLAGS).join('|')})\\b`, 'g');
const PHASER_SRC = /node_modules[\\/]phaser[\\/]src[\\/].*\.js$/;

/**
 * Phaser's device check (src/device/Features.js) tells whether WebGL is available by creating a
 * WebGL context at start-up, and only `CreateRenderer` reads the answer, for the AUTO and WEBGL
 * renderer types. Without the WebGL renderer the games ask for CANVAS, so the context is never
 * used: creating it cost 30 ms at 4x CPU before Breakout's first frame (software WebGL here; a
 * phone's GPU driver takes time too). Without the WebGL renderer the check answers no at once.
 */
export const WEBGL_TEST_CALL = 'Features.webGL = testWebGL();';
const FEATURES_SRC = /node_modules[\\/]phaser[\\/]src[\\/]device[\\/]Features\.js$/;

/** Phaser's device check without its WebGL probe; throws if the probe is not where it was. */
export function withoutWebGLProbe(code: string): string {
  if (!code.includes(WEBGL_TEST_CALL))
    throw new Error(`phaser-features: ${WEBGL_TEST_CALL} not found in Phaser's device/Features.js`);
  return code.replace(WEBGL_TEST_CALL, 'Features.webGL = false;');
}

export function phaserFeaturesPlugin(): Plugin {
  return {
    name: 'phaser-features',
    enforce: 'pre',
    transform(code, id) {
      if (!PHASER_SRC.test(id)) return null;
      let out = code.includes('typeof ')
        ? code.replace(PATTERN, (_, flag: string) => String(FLAGS[flag]))
        : code;
      if (!FLAGS.WEBGL_RENDERER && FEATURES_SRC.test(id)) out = withoutWebGLProbe(out);
      return out === code ? null : { code: out, map: null };
    },
  };
}
