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

/**
 * Phaser's math namespace (src/math/index.js) requires every math module Phaser has (easing,
 * interpolation, 3D matrices and quaternions, noise). The trimmed build reaches it from two places
 * only, which read two of its members: the game's configuration sets `RND` from its
 * `RandomDataGenerator`, and a text style's advanced values read `RND`. Every other math function
 * the included modules use they require by its own file. The namespace is therefore these two
 * members and the math constants (as Phaser's own index extends them); the build stops if
 * Phaser's index no longer exposes the generator where this expects it.
 */
export const MATH_RNG_LINE = "RandomDataGenerator: require('./random-data-generator/RandomDataGenerator'),";
const MATH_INDEX_SRC = /node_modules[\\/]phaser[\\/]src[\\/]math[\\/]index\.js$/;
const MATH_INDEX_TRIMMED = `var CONST = require('./const');
var Extend = require('../utils/object/Extend');
var PhaserMath = { RandomDataGenerator: require('./random-data-generator/RandomDataGenerator') };
module.exports = Extend(false, PhaserMath, CONST);
`;

/** Phaser's math namespace with only what the trimmed build reads; throws if it has moved. */
export function trimmedMathIndex(code: string): string {
  if (!code.includes(MATH_RNG_LINE) || !code.includes('PhaserMath = Extend(false, PhaserMath, CONST);'))
    throw new Error("phaser-features: Phaser's math/index.js no longer has the members this trims to");
  return MATH_INDEX_TRIMMED;
}

/**
 * Phaser 4's filters (blur, glow, masks and the rest) draw only in WebGL, but every camera makes two
 * filter lists (src/gameobjects/components/FilterList.js), whose file requires all twenty-odd
 * filter controllers, and with them 3D matrices, vectors and colour matrices. On Canvas a list
 * stays empty: the build keeps the list and leaves the controllers out, so an `add<Filter>()` call
 * would fail (none is made here). The build stops if Phaser's list no longer requires them so.
 */
const FILTER_REQUIRE = /^var (\w+) = require\('\.\.\/\.\.\/filters\/\w+'\);$/gm;
const FILTER_LIST_SRC = /node_modules[\\/]phaser[\\/]src[\\/]gameobjects[\\/]components[\\/]FilterList\.js$/;

/** Phaser's filter list without its WebGL filter controllers; throws if they have moved. */
export function filterListWithoutFilters(code: string): string {
  const found = code.match(FILTER_REQUIRE)?.length ?? 0;
  if (found < 10)
    throw new Error(
      `phaser-features: FilterList.js requires ${found} filters, not the twenty-odd this expects`,
    );
  return code.replace(FILTER_REQUIRE, 'var $1 = null; // a WebGL filter: not in the Canvas build');
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
      if (MATH_INDEX_SRC.test(id)) out = trimmedMathIndex(out);
      if (!FLAGS.WEBGL_RENDERER && FILTER_LIST_SRC.test(id)) out = filterListWithoutFilters(out);
      return out === code ? null : { code: out, map: null };
    },
  };
}
