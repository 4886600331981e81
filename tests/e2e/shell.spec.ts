// The app shell beyond navigation: failed route chunks, an expired session on Home, the
// service worker and the installable manifest, and what the sign-in screen loads (issue 30).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerViaApi, seedSession, storageValue, routeUrl } from '../support/browser/users';

/**
 * The built chunks of the signed-in session's runtime and of the signed-in frame (each list's
 * first file is the chunk itself, then what it imports), as index.html lists them for the preload.
 */
async function signedInChunks(page: Page): Promise<{ runtime: string[]; frame: string[] }> {
  return page.evaluate(() => {
    const list = JSON.parse(document.getElementById('route-files')!.textContent!) as {
      runtime: string[];
      frame: string[];
    };
    const scripts = (files: string[]) => files.filter((f) => f.endsWith('.js')).map((f) => `/${f}`);
    return { runtime: scripts(list.runtime), frame: scripts(list.frame) };
  });
}

/** Every script the page asks for, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  return scripts;
}

test.describe('a signed-in user', () => {
  test.use({ session: 'signed-in' });

  test('when a page chunk fails to load, then a clear error with a reload button shows, not a blank page', async ({
    page,
    home,
  }) => {
    await page.route(/\/assets\/profile-page-.*\.js$/, (route) => route.abort('failed'));
    await page.goto('/#/home');
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await home.navLink('Profile').click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await page.unroute(/\/assets\/profile-page-.*\.js$/);
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('when they open a page by its address and its code fails to load, then the reload screen shows, not the static shell', async ({
    page,
  }) => {
    // The first render waits for the opened page's code (app/first-render.ts): a failure must not
    // leave the static shell on screen.
    await page.route(/\/assets\/profile-page-.*\.js$/, (route) => route.abort('failed'));
    await page.goto('/#/profile');
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await page.unroute(/\/assets\/profile-page-.*\.js$/);
    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  });

  test('when they open a page by its address, then the frame, its navigation and the page appear in the same render, the notices after the page in the keyboard order', async ({
    page,
    home,
  }) => {
    // Each change to the app's root: whether the main navigation and the page's heading are there.
    await page.addInitScript(() => {
      const seen: [boolean, boolean][] = [];
      (window as unknown as { seen: typeof seen }).seen = seen;
      const look = () => {
        const root = document.getElementById('root');
        if (!root) return;
        seen.push([!!root.querySelector('nav[aria-label="Main"]'), !!root.querySelector('h1')]);
      };
      new MutationObserver(look).observe(document, { subtree: true, childList: true });
    });
    await page.goto('/#/home');
    await home.waitToLoad();
    const seen = await page.evaluate(() => (window as unknown as { seen: [boolean, boolean][] }).seen);
    const navFirst = seen.findIndex(([nav]) => nav);
    expect(navFirst).toBeGreaterThanOrEqual(0);
    // The navigation never showed without the page (it used to, a render earlier).
    expect(seen[navFirst]).toEqual([true, true]);
    // The session runtime's elements (the notices) follow the app's in the document.
    const order = await page.evaluate(() => {
      const notifier = document.querySelector('.notifier');
      const root = document.getElementById('root')!;
      return notifier ? root.compareDocumentPosition(notifier) & Node.DOCUMENT_POSITION_FOLLOWING : -1;
    });
    expect(order).toBeGreaterThan(0);
  });

  test('when they open a page by its address, then the page shows in the signed-in frame, and an unknown address shows the fallback page', async ({
    page,
    home,
  }) => {
    const scripts = recordScripts(page);
    await page.goto('/#/home');
    await home.waitToLoad();
    await expect(page.getByRole('complementary', { name: 'Your progress' })).toBeVisible();
    await expect(home.navLink('Home')).toHaveAttribute('aria-current', 'page');
    const { runtime, frame } = await signedInChunks(page);
    expect(scripts).toEqual(expect.arrayContaining([runtime[0], frame[0]]));

    await page.goto('/#/no-such-page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await home.waitToLoad();
  });

  test('when the app opens from a bank-link redirect, then plaidRedirect fires with the URL and a processing banner shows', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.addEventListener('plaidRedirect', (e) => {
        (window as unknown as { redirected: string }).redirected = (
          e as CustomEvent<{ url: string }>
        ).detail.url;
      });
    });
    await page.goto('/#/home?oauth_state_id=x&link_session_id=abc123');
    await expect(
      page.getByRole('status').filter({ hasText: 'Processing bank authentication…' }),
    ).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { redirected: string }).redirected)).toContain(
      'link_session_id=abc123',
    );
  });
});

test('when the Home load answers 401, then the token is cleared and the user lands on /login', async ({
  page,
}) => {
  // A browser that still holds a token the server no longer accepts.
  await seedSession(page, 'expired.or.forged.token');
  await page.goto('/#/home');
  await expect(page).toHaveURL(routeUrl('/login'));
  expect(await storageValue(page, 'token')).toBeNull();
});

test('when the app is served, then /sw.js and the manifest are real', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  const source = await sw.text();
  expect(source).toContain("url.pathname.startsWith('/api/')");
  expect(source).toMatch(/const PRECACHE = \[.*"\/assets\/index-[^"]+\.js"/);
  const manifest = await request.get('/manifest.webmanifest');
  const m = (await manifest.json()) as { name: string; icons: { sizes: string }[]; display: string };
  expect(m.name).toBe('Budget Quest');
  expect(m.display).toBe('standalone');
  expect(m.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  const index = await request.get('/');
  expect(index.headers()['cache-control']).toBe('no-cache');
  const asset = source.match(/"(\/assets\/index-[^"]+\.js)"/)![1];
  expect((await request.get(asset)).headers()['cache-control']).toContain('immutable');
});

test.describe('service worker', () => {
  test.use({ serviceWorkers: 'allow' });
  test('when the app starts, then /sw.js is registered after clean-up and caches the shell', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    const scope = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return reg.scope;
    });
    expect(scope).toMatch(/\/$/);
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).some((k) => k.startsWith('budget-quest-'))))
      .toBe(true);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // What someone signed in needs to start offline is precached too, though this screen never
    // loaded it: the session's runtime and the signed-in frame are chunks of their own.
    const { runtime, frame } = await signedInChunks(page);
    await expect
      .poll(() =>
        page.evaluate(
          async (files) => (await Promise.all(files.map((f) => caches.match(f)))).every(Boolean),
          [...runtime, ...frame],
        ),
      )
      .toBe(true);

    // Offline, the cached shell still starts the app.
    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await page.context().setOffline(false);
  });
});

test('when the sign-in screen loads, then no Phaser, Recharts, framer-motion or query-library code is fetched; signing in loads the query library, Home Recharts only for a chart with slices and never Phaser, and a game Phaser', async ({
  page,
  request,
  login,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/#/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // The query library is in the signed-in chunk (vite.config.ts), with the frame and the runtime.
  const signedIn = (list: string[]) => list.filter((s) => /\/signed-in-[A-Za-z0-9_-]{8}\.js$/.test(s));
  expect(scripts.filter((s) => /phaser|recharts|framer-motion|tanstack|query/i.test(s))).toEqual([]);
  expect(signedIn(scripts)).toEqual([]);

  const user = await registerViaApi(request);
  await login.signIn(user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Quests', level: 1 })).toBeVisible();
  expect(signedIn(scripts)).toHaveLength(1);

  // Phaser's chunk is `phaser-<hash>.js`; the games' own `phaser-game-panel-<hash>.js` is not it.
  const phaser = (list: string[]) => list.filter((s) => /\/phaser-[A-Za-z0-9_-]{8}\.js$/.test(s));
  await page.goto('/#/home');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  // A new user's chart has nothing to draw ('No data available'): Recharts is not fetched.
  const breakdown = page.getByRole('region', { name: 'Spending breakdown' });
  await expect(breakdown.getByText('No data available').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /recharts/.test(s))).toEqual([]);
  // With a slice to draw, the drawing asks for Recharts after the page has painted (issue 33),
  // which can be after the network has gone quiet: wait for the request.
  await request.post('/api/transactions/manual', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { amount: 12.5, category: 'Need', name: 'Groceries' },
  });
  await page.reload();
  await breakdown.getByRole('table', { name: /^Spending by group/ }).waitFor({ state: 'attached' });
  await expect.poll(() => scripts.filter((s) => /recharts/.test(s)).length).toBe(1);
  await expect(breakdown.locator('.pie-chart svg .pie-label')).toHaveText('100%');
  await expect(breakdown.locator('.pie-legend')).toHaveText('Needs');
  expect(phaser(scripts)).toEqual([]);

  await page.goto('/#/games/breakout');
  await expect(page.locator('canvas')).toBeVisible();
  expect(phaser(scripts)).toHaveLength(1);
});

test('when the sign-in screen loads, then none of the signed-in code is fetched; starting on the form fetches it, and signing in opens Quests in the signed-in frame', async ({
  page,
  request,
  login,
}) => {
  const scripts = recordScripts(page);
  await page.goto('/#/login');
  await expect(login.submit).toBeVisible();
  await page.waitForLoadState('networkidle');
  const { runtime, frame } = await signedInChunks(page);
  expect(runtime.length).toBeGreaterThan(0);
  expect(frame.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => runtime.includes(s) || frame.includes(s))).toEqual([]);

  // While the visitor types, what finishing the sign-in and the signed-in frame need is fetched.
  await login.email.focus();
  await expect.poll(() => runtime.every((file) => scripts.includes(file))).toBe(true);

  const user = await registerViaApi(request);
  await login.signIn(user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Quests', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Your progress' })).toBeVisible();
  await expect(login.navLink('Quests')).toHaveAttribute('aria-current', 'page');
  expect(frame.every((file) => scripts.includes(file))).toBe(true);
});

test('when a signed-in page opens, then the locale data its formats need is loaded by a worker that then ends; the sign-in screen starts none', async ({
  page,
  request,
}) => {
  const watch = (p: Page) => {
    const seen = { started: [] as string[], ended: [] as string[] };
    p.on('worker', (w) => {
      seen.started.push(w.url());
      w.on('close', () => seen.ended.push(w.url()));
    });
    return seen;
  };
  const signIn = await page.context().newPage();
  const atSignIn = watch(signIn);
  await signIn.goto('/#/login');
  await expect(signIn.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await signIn.waitForLoadState('networkidle');
  expect(atSignIn.started).toEqual([]);

  const atHome = watch(page);
  const user = await registerViaApi(request);
  await seedSession(page, user.token);
  await page.goto('/#/home');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  // From a blob, so it costs no request; it makes the formatters and closes itself.
  await expect.poll(() => atHome.started.length).toBe(1);
  expect(atHome.started[0]).toMatch(/^blob:/);
  await expect.poll(() => atHome.ended).toEqual(atHome.started);
});

test('when a signed-in page opens, then the preload script runs inline as the page is parsed: its early reads go out before parsing ends, and the page allows no other inline script', async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const user = await registerViaApi(request);
  await seedSession(page, user.token);
  const response = await page.goto('/#/home');
  await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
  // An inline classic script runs while the page is parsed; the app's module scripts only after
  // parsing has ended (domInteractive). The early read was sent before that: by the inline script.
  const { timing, parsed } = await page.evaluate(() => ({
    timing: performance.getEntriesByType('resource').map((e) => ({
      name: new URL(e.name).pathname,
      start: e.startTime,
    })),
    parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
  }));
  const read = timing.find((t) => t.name === '/api/auth/me');
  expect(read).toBeTruthy();
  expect(read!.start).toBeLessThan(parsed);
  // No preload script file is fetched; the one inline script is allowed by its hash alone.
  expect(timing.some((t) => t.name.includes('preload-route') && t.name.endsWith('.js'))).toBe(false);
  const policy = response!.headers()['content-security-policy'] ?? '';
  const scripts = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
  expect(scripts[0]).toBe("'self'");
  expect(scripts.slice(1).every((s) => /^'sha256-[\w+/=]+'$/.test(s))).toBe(true);
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(violations).toEqual([]);
});
