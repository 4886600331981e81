// The trimmed Phaser build: its optional parts decided at build time, and no WebGL context made at
// start-up for games that draw on Canvas (a context cost 30 ms at 4x CPU before Breakout's first
// frame, and only the AUTO and WEBGL renderer types read the answer).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  MATH_RNG_LINE,
  WEBGL_TEST_CALL,
  filterListWithoutFilters,
  phaserFeaturesPlugin,
  trimmedMathIndex,
  withoutWebGLProbe,
} from '../../../build/phaser-features-plugin';

const FEATURES = path.resolve('node_modules/phaser/src/device/Features.js');
type Transform = (this: unknown, code: string, id: string) => { code: string } | null;
const transform = (code: string, id: string) =>
  (phaserFeaturesPlugin() as Plugin & { transform: Transform }).transform.call({}, code, id);

describe("Phaser's device check in the trimmed build", () => {
  it("when Phaser's device check is built, then it says no WebGL without making a WebGL context, and the rest of the check is unchanged", () => {
    const source = readFileSync(FEATURES, 'utf8');
    expect(source).toContain(WEBGL_TEST_CALL);
    const out = transform(source, FEATURES)!.code;
    expect(out).not.toContain(WEBGL_TEST_CALL);
    expect(out).toContain('Features.webGL = false;');
    expect(out.replace('Features.webGL = false;', WEBGL_TEST_CALL)).toBe(source);
  });

  it('when a Phaser upgrade moves the probe, then the build stops instead of keeping it unseen', () => {
    expect(() => withoutWebGLProbe('Features.webGL = probeWebGL();')).toThrow(/not found/);
  });

  it("when another Phaser file tests a build flag, then the flag is decided (no WebGL renderer, Canvas, no sound), and files outside Phaser's source are left alone", () => {
    const id = path.resolve('node_modules/phaser/src/renderer/index.js');
    const code =
      'if (typeof WEBGL_RENDERER) a(); if (typeof CANVAS_RENDERER) b(); if (typeof FEATURE_SOUND) c();';
    expect(transform(code, id)!.code).toBe('if (false) a(); if (true) b(); if (false) c();');
    expect(transform(code, path.resolve('games/breakout/scene.ts'))).toBeNull();
    expect(transform('var x = 1;', id)).toBeNull();
  });
});

describe("Phaser's math namespace in the trimmed build", () => {
  const MATH_INDEX = path.resolve('node_modules/phaser/src/math/index.js');

  it('when the math namespace is built, then it requires the random generator and the constants only', () => {
    const source = readFileSync(MATH_INDEX, 'utf8');
    expect(source).toContain(MATH_RNG_LINE);
    const out = transform(source, MATH_INDEX)!.code;
    const required = [...out.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1]);
    expect(required).toEqual([
      './const',
      '../utils/object/Extend',
      './random-data-generator/RandomDataGenerator',
    ]);
    // Phaser's own index requires some ninety modules.
    expect([...source.matchAll(/require\(/g)].length).toBeGreaterThan(50);
  });

  it("when the trimmed build's Phaser modules read the math namespace, then they read only what it keeps", () => {
    // Every module of Phaser that requires the namespace (not a math file of its own) and is part
    // of the games' build: the game's configuration and the text style's advanced values.
    const src = path.resolve('node_modules/phaser/src');
    const readers = {
      'core/Config.js': /PhaserMath\.(\w+)/g,
      'utils/object/GetAdvancedValue.js': /MATH\.(\w+)/g,
    };
    for (const [file, member] of Object.entries(readers)) {
      const code = readFileSync(path.join(src, file), 'utf8');
      const used = new Set([...code.matchAll(member)].map((m) => m[1]));
      expect(
        [...used].every((name) => name === 'RND' || name === 'RandomDataGenerator'),
        file,
      ).toBe(true);
    }
  });

  it('when a Phaser upgrade moves the generator out of the namespace, then the build stops', () => {
    expect(() => trimmedMathIndex('var PhaserMath = { Between: require("./Between") };')).toThrow(/math/);
  });
});

describe("Phaser's camera filter lists in the trimmed build", () => {
  const FILTER_LIST = path.resolve('node_modules/phaser/src/gameobjects/components/FilterList.js');

  it('when the filter list is built for Canvas, then it requires no filter controller and keeps everything else', () => {
    const source = readFileSync(FILTER_LIST, 'utf8');
    const out = transform(source, FILTER_LIST)!.code;
    expect(out).not.toMatch(/require\('\.\.\/\.\.\/filters\//);
    expect([...out.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1])).toEqual(['../../utils/Class']);
    // The list's own methods are untouched: an empty list clears, answers no active filter, is destroyed.
    const kept = (code: string) => code.replace(/^var \w+ = (null|require\(.*\));.*$/gm, '');
    expect(kept(out)).toBe(kept(source));
  });

  it('when a Phaser upgrade stops requiring the filters so, then the build stops', () => {
    expect(() => filterListWithoutFilters("var Blur = require('../../fx/Blur');")).toThrow(/FilterList/);
  });
});
