// The current route's files are preloaded as soon as the page is parsed; nothing is preloaded that
// the route will not use (a signed-out visitor's protected page, an unknown path), and the
// router's loaders come from the same table of page modules.
import { beforeEach, describe, expect, it } from 'vitest';
import { ROUTE_FILES_ID, preloadRoute } from '@/app/preload-route';
import { GAME_PAGES, PUBLIC_PAGES, SIGNED_IN_PAGES, signedInLayoutModule } from '@/app/route-modules';
import { PUBLIC_PAGE_FILES, SIGNED_IN_PAGE_FILES } from '@/app/route-files';

const signedIn = { getItem: (k: string) => (k === 'token' ? 'a.b.c' : null) };
const signedOut = { getItem: () => null };

/** index.html's list of each page module's built files, as build/route-preload-plugin.ts writes it. */
function listFiles(files: Record<string, string[]>) {
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
      '/src/app/signed-in-layout.tsx': ['assets/signed-in-layout-1.js', 'assets/react-query-1.js'],
      '/src/features/home/home-page.tsx': [
        'assets/home-page-1.js',
        'assets/home-page-1.css',
        'assets/react-query-1.js',
      ],
      '/src/features/games/breakout-page.tsx': ['assets/breakout-page-1.js', 'assets/phaser-1.js'],
      '/src/features/quests/quests-page.tsx': ['assets/quests-page-1.js'],
      '/src/features/auth/login-page.tsx': ['assets/login-page-1.js'],
    });
  });

  it('when a signed-in user opens Home, then the signed-in frame and Home are preloaded, each file once', () => {
    preloadRoute('#/home', signedIn, document);
    expect(preloaded()).toEqual([
      'modulepreload /assets/signed-in-layout-1.js',
      'modulepreload /assets/react-query-1.js',
      'modulepreload /assets/home-page-1.js',
      'preload:style /assets/home-page-1.css',
    ]);
  });

  it('when a game is opened with a tester seed, or no path is given, then that page is the one preloaded', () => {
    preloadRoute('#/games/breakout?seed=4', signedIn, document);
    expect(preloaded()).toContain('modulepreload /assets/phaser-1.js');
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    preloadRoute('', signedIn, document);
    expect(preloaded()).toContain('modulepreload /assets/quests-page-1.js');
  });

  it('when a signed-out visitor opens the sign-in screen, then only its page is preloaded', () => {
    preloadRoute('#/login', signedOut, document);
    expect(preloaded()).toEqual(['modulepreload /assets/login-page-1.js']);
  });

  it('when a signed-out visitor opens a protected page, a path is unknown or there is no list, then nothing is', () => {
    preloadRoute('#/home', signedOut, document);
    preloadRoute('#/nowhere', signedIn, document);
    document.getElementById(ROUTE_FILES_ID)!.remove();
    preloadRoute('#/home', signedIn, document);
    expect(preloaded()).toEqual([]);
  });

  it('when the router loads a route, then each route of the table has its page module', () => {
    expect(Object.keys(PUBLIC_PAGES).sort()).toEqual(Object.keys(PUBLIC_PAGE_FILES).sort());
    expect(Object.keys(SIGNED_IN_PAGES).sort()).toEqual(Object.keys(SIGNED_IN_PAGE_FILES).sort());
    for (const load of [
      ...Object.values(PUBLIC_PAGES),
      ...Object.values(SIGNED_IN_PAGES),
      ...Object.values(GAME_PAGES),
    ])
      expect(typeof load).toBe('function');
    expect(typeof signedInLayoutModule).toBe('function');
  });
});
