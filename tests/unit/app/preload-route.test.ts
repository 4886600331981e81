// @vitest-environment jsdom
// The current route's files are preloaded as soon as the page is parsed; nothing is preloaded that
// the route will not use (a signed-out visitor's protected page, an unknown path), and the
// router's loaders come from the same tables of page modules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ROUTE_FILES_ID,
  preloadRoute,
  readRouteFiles,
  signedInOpening,
  warmLocaleData,
  LOCALE_WARM_UP,
  type RouteFiles,
} from '@/app/preload-route';
import { PUBLIC_PAGES, signedInFrameModule } from '@/app/route-modules';
import { GAME_PAGES, SIGNED_IN_PAGES } from '@/app/signed-in-pages';
import { PUBLIC_PAGE_FILES, SIGNED_IN_PATHS } from '@/app/route-files';
import { GAME_PAGE_FILES, SIGNED_IN_PAGE_FILES } from '@/app/signed-in-page-files';

const signedIn = { getItem: (k: string) => (k === 'token' ? 'a.b.c' : null) };
const signedOut = { getItem: () => null };

/** index.html's list of each route's built files, as build/route-preload-plugin.ts writes it. */
function listFiles(files: RouteFiles) {
  const list = document.createElement('script');
  list.type = 'application/json';
  list.id = ROUTE_FILES_ID;
  list.textContent = JSON.stringify(files);
  document.head.appendChild(list);
}

const preloaded = () =>
  [...document.head.querySelectorAll('link')].map(
    (l) => `${l.rel}${l.rel === 'preload' ? `:${l.as}` : ''} ${l.getAttribute('href')}`,
  );

describe('preloading the current route', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    listFiles({
      token: 'token',
      runtime: ['assets/session-runtime-1.js', 'assets/progression-1.js'],
      frame: ['assets/signed-in-routes-1.js', 'assets/progression-1.js', 'assets/react-query-1.js'],
      public: { '/login': ['assets/login-page-1.js', 'assets/sign-in-1.js'] },
      signedIn: {
        '/home': ['assets/home-page-1.js', 'assets/home-page-1.css', 'assets/react-query-1.js'],
        '/games/breakout': ['assets/breakout-page-1.js', 'assets/phaser-1.js'],
        '/': ['assets/quests-page-1.js'],
      },
    });
  });

  it('when a signed-in user opens Home, then the session runtime, the signed-in frame and Home are preloaded, each file once', () => {
    preloadRoute('#/home', signedIn, readRouteFiles(document)!, document);
    expect(preloaded()).toEqual([
      'modulepreload /assets/session-runtime-1.js',
      'modulepreload /assets/progression-1.js',
      'modulepreload /assets/signed-in-routes-1.js',
      'modulepreload /assets/react-query-1.js',
      'modulepreload /assets/home-page-1.js',
      'preload:style /assets/home-page-1.css',
    ]);
  });

  it('when the route is preloaded, then every file asks for low priority, so none is taken for holding the first paint', () => {
    preloadRoute('#/home', signedIn, readRouteFiles(document)!, document);
    const links = [...document.head.querySelectorAll('link')];
    expect(links).toHaveLength(6);
    for (const link of links) expect(link.getAttribute('fetchpriority')).toBe('low');
  });

  it('when a game is opened with a tester seed, or no path is given, then that page is the one preloaded', () => {
    preloadRoute('#/games/breakout?seed=4', signedIn, readRouteFiles(document)!, document);
    expect(preloaded()).toContain('modulepreload /assets/phaser-1.js');
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    preloadRoute('', signedIn, readRouteFiles(document)!, document);
    expect(preloaded()).toContain('modulepreload /assets/quests-page-1.js');
  });

  it('when a signed-out visitor opens the sign-in screen, then only its files are preloaded: no session, no signed-in frame', () => {
    preloadRoute('#/login', signedOut, readRouteFiles(document)!, document);
    expect(preloaded()).toEqual([
      'modulepreload /assets/login-page-1.js',
      'modulepreload /assets/sign-in-1.js',
    ]);
  });

  it('when someone signed in opens a public screen, then its files and the session runtime are preloaded', () => {
    preloadRoute('#/login', signedIn, readRouteFiles(document)!, document);
    expect(preloaded()).toEqual([
      'modulepreload /assets/login-page-1.js',
      'modulepreload /assets/sign-in-1.js',
      'modulepreload /assets/session-runtime-1.js',
      'modulepreload /assets/progression-1.js',
    ]);
  });

  it('when a signed-out visitor opens a protected page or a path is unknown, then nothing is', () => {
    preloadRoute('#/home', signedOut, readRouteFiles(document)!, document);
    preloadRoute('#/nowhere', signedIn, readRouteFiles(document)!, document);
    expect(preloaded()).toEqual([]);
  });

  it('when the page carries the list, then it is read as written; outside a build there is none', () => {
    expect(readRouteFiles(document)?.public['/login']).toEqual([
      'assets/login-page-1.js',
      'assets/sign-in-1.js',
    ]);
    document.getElementById(ROUTE_FILES_ID)!.remove();
    expect(readRouteFiles(document)).toBeNull();
  });
});

describe('the route tables', () => {
  it('when the router loads a route, then each route of the tables has its page module', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual(Object.keys(PUBLIC_PAGE_FILES).sort());
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(Object.keys(SIGNED_IN_PAGE_FILES).sort());
    expect(Object.keys(GAME_PAGES).sort()).toEqual(Object.keys(GAME_PAGE_FILES).sort());
    for (const load of [
      ...Object.values(PUBLIC_PAGES),
      ...Object.values(SIGNED_IN_PAGES),
      ...Object.values(GAME_PAGES),
    ])
      expect(typeof load).toBe('function');
    expect(typeof signedInFrameModule).toBe('function');
  });

  it('when the app decides between a signed-in page and "not found", then its paths are exactly the signed-in pages', () => {
    expect([...SIGNED_IN_PATHS].sort()).toEqual(Object.keys(SIGNED_IN_PAGE_FILES).sort());
  });
});

describe('the locale data, loaded while the page waits for its code', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when a signed-in page opens, then a worker, not the page, makes a number format and a date format for en-US, and then ends', () => {
    const made: string[] = [];
    const NumberFormat = Intl.NumberFormat;
    const DateTimeFormat = Intl.DateTimeFormat;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args) {
      made.push(`number ${String(args[0])}`);
      return new NumberFormat(...args);
    });
    vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (...args) {
      made.push(`date ${String(args[0])}`);
      return new DateTimeFormat(...args);
    });
    const started: string[] = [];
    warmLocaleData((code) => started.push(code));
    // Nothing on the page's own thread: one worker is given the code.
    expect(made).toEqual([]);
    expect(started).toEqual([LOCALE_WARM_UP]);
    // What the worker runs, with the worker's own close() watched.
    const close = vi.fn();
    new Function('close', started[0]!)(close);
    expect(made).toEqual(['number en-US', 'date en-US']);
    expect(close).toHaveBeenCalledOnce();
  });

  it('when the page opening is a signed-in one with a token, then it is the one warmed for; the sign-in and legal screens, an unknown path or no token are not', () => {
    const list = { token: 'token', signedIn: { '/home': [], '/games/breakout': [] } };
    expect(signedInOpening('#/home', signedIn, list)).toEqual({ path: '/home', token: 'a.b.c' });
    expect(signedInOpening('#/games/breakout?seed=3', signedIn, list)).toEqual({
      path: '/games/breakout',
      token: 'a.b.c',
    });
    expect(signedInOpening('#/login', signedIn, list)).toBeNull();
    expect(signedInOpening('#/privacy-policy', signedIn, list)).toBeNull();
    expect(signedInOpening('#/no-such-page', signedIn, list)).toBeNull();
    expect(signedInOpening('#/home', signedOut, list)).toBeNull();
  });
});
