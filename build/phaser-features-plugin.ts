// Phaser's source decides its optional parts with `typeof FLAG` tests that its own webpack build
// replaces (phaser/config/webpack.config.js). This does the same for Vite, so the trimmed build
// (games/shared/phaser-runtime.ts) leaves out sound, WebGL debugging and plugins the games never use.
import type { Plugin } from 'vite';

const FLAGS: Record<string, boolean> = {
  WEBGL_RENDERER: true,
  // Phaser.AUTO falls back to Canvas where WebGL is missing (old phones, blocked GPUs).
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
