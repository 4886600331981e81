// The trimmed Phaser build: its optional parts decided at build time, and no WebGL context made at
// start-up for games that draw on Canvas (a context cost 30 ms at 4x CPU before Breakout's first
// frame, and only the AUTO and WEBGL renderer types read the answer).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import {
  WEBGL_TEST_CALL,
  phaserFeaturesPlugin,
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
