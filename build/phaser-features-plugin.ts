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

export function phaserFeaturesPlugin(): Plugin {
  return {
    name: 'phaser-features',
    enforce: 'pre',
    transform(code, id) {
      if (!PHASER_SRC.test(id) || !code.includes('typeof ')) return null;
      return { code: code.replace(PATTERN, (_, flag: string) => String(FLAGS[flag])), map: null };
    },
  };
}
