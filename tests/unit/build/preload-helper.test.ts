// @vitest-environment jsdom
// The app's own preload helper in the place of Vite's (issue 30): a lazily loaded chunk's
// stylesheets are applied before it runs, its imports are fetched at once, nothing twice, and a
// stylesheet that fails fails the import and is tried again next time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Plugin } from 'vite';
import { preloadHelperPlugin, VITE_PRELOAD_HELPER_ID } from '../../../build/preload-helper-plugin';

type Helper = typeof import('../../../build/preload-helper');
let helper: Helper;

const links = () =>
  [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')}`);
const link = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`)!;
const settled = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe("the app's preload helper", () => {
  beforeEach(async () => {
    document.head.innerHTML = '';
    vi.resetModules();
    helper = await import('../../../build/preload-helper');
  });
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('when a chunk needs a stylesheet and another chunk, then both are asked for at once and the import waits for the stylesheet only', async () => {
    const load = vi.fn(() => Promise.resolve('page'));
    const done = vi.fn();
    void helper.__vitePreload(load, ['assets/page-1.css', 'assets/dialog-1.js']).then(done);
    expect(links()).toEqual(['stylesheet /assets/page-1.css', 'modulepreload /assets/dialog-1.js']);
    expect(link('/assets/dialog-1.js').crossOrigin).toBe('');
    await settled();
    expect(load).not.toHaveBeenCalled();
    link('/assets/page-1.css').dispatchEvent(new Event('load'));
    await settled();
    expect(load).toHaveBeenCalledOnce();
    expect(done).toHaveBeenCalledWith('page');
  });

  it('when a chunk needs only chunks, then it is imported without waiting for them', async () => {
    const load = vi.fn(() => Promise.resolve('x'));
    await expect(helper.__vitePreload(load, ['assets/a-1.js'])).resolves.toBe('x');
    await expect(helper.__vitePreload(load)).resolves.toBe('x');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('when a file is already linked (index.html, the route preload) or asked for twice, then no second link is added', async () => {
    document.head.innerHTML =
      '<link rel="modulepreload" href="/assets/signed-in-1.js"><link rel="stylesheet" href="/assets/signed-in-1.css">';
    const load = () => Promise.resolve(1);
    await helper.__vitePreload(load, ['assets/signed-in-1.js', 'assets/signed-in-1.css']);
    void helper.__vitePreload(load, ['assets/b-1.js', 'assets/b-1.css']);
    void helper.__vitePreload(load, ['assets/b-1.js', 'assets/b-1.css']);
    expect(links()).toEqual([
      'modulepreload /assets/signed-in-1.js',
      'stylesheet /assets/signed-in-1.css',
      'modulepreload /assets/b-1.js',
      'stylesheet /assets/b-1.css',
    ]);
  });

  it("when a stylesheet was only preloaded (app/preload-route.ts's rel=preload), then it is still applied and waited for", async () => {
    document.head.innerHTML = '<link rel="preload" as="style" href="/assets/home-1.css">';
    const load = vi.fn(() => Promise.resolve(1));
    const waiting = helper.__vitePreload(load, ['assets/home-1.css']);
    expect(links()).toEqual(['preload /assets/home-1.css', 'stylesheet /assets/home-1.css']);
    await settled();
    expect(load).not.toHaveBeenCalled();
    document.head.querySelector('link[rel=stylesheet]')!.dispatchEvent(new Event('load'));
    await expect(waiting).resolves.toBe(1);
  });

  it('when a stylesheet fails to load, then the import fails without running, the link goes, and the next try asks again', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    const first = helper.__vitePreload(load, ['assets/page-1.css']);
    link('/assets/page-1.css').dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Unable to preload CSS for /assets/page-1.css');
    expect(load).not.toHaveBeenCalled();
    expect(links()).toEqual([]);
    const second = helper.__vitePreload(load, ['assets/page-1.css']);
    expect(links()).toEqual(['stylesheet /assets/page-1.css']);
    link('/assets/page-1.css').dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(1);
  });
});

type Hook<A extends unknown[], R> = (this: unknown, ...args: A) => R;
const hook = <A extends unknown[], R>(h: unknown) => h as Hook<A, R>;

describe("the build's use of the helper", () => {
  it("when Vite asks for its preload module, then it gets this helper's code as TypeScript, and any other id is left to Vite", () => {
    const plugin: Plugin = preloadHelperPlugin();
    const load = hook<[string], unknown>(plugin.load);
    const loaded = load.call({}, VITE_PRELOAD_HELPER_ID) as { code: string; moduleType: string };
    expect(loaded.moduleType).toBe('ts');
    expect(loaded.code).toContain('export function __vitePreload');
    expect(load.call({}, '/src/main.tsx')).toBeNull();
  });

  it("when a built chunk still holds Vite's own helper, then the build stops", () => {
    const plugin: Plugin = preloadHelperPlugin();
    const error = vi.fn((message: string) => {
      throw new Error(message);
    });
    const context = { error, warn: vi.fn(), environment: { config: { consumer: 'client' } } };
    const generate = hook<[unknown, Record<string, unknown>], void>(plugin.generateBundle);
    const chunk = (code: string) => ({ type: 'chunk', fileName: 'assets/index-1.js', code });
    expect(() =>
      generate.call(
        context,
        {},
        { 'assets/index-1.js': chunk('dispatchEvent(new Event("vite:preloadError"))') },
      ),
    ).toThrow(/Vite's own preload helper/);
    hook<[string], unknown>(plugin.load).call(context, VITE_PRELOAD_HELPER_ID);
    expect(() => generate.call(context, {}, { 'assets/index-1.js': chunk('ok') })).not.toThrow();
    expect(context.warn).not.toHaveBeenCalled();
  });

  it('when the site is not served from its root, then the build stops (the helper asks for /assets/...)', () => {
    const configResolved = hook<[{ base: string }], void>(preloadHelperPlugin().configResolved);
    expect(() => configResolved.call({}, { base: '/app/' })).toThrow(/site root/);
    expect(() => configResolved.call({}, { base: '/' })).not.toThrow();
  });
});
