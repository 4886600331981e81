// Starts downloading the current route's code as soon as the page is parsed, while React and the
// app's own scripts are still on their way (issue 14: Home and the games showed 0.4 to 0.7 s
// sooner on a slow phone). index.html loads this first, as an entry of its own, and carries the
// built files of each route (build/route-preload-plugin.ts resolves the route tables at build
// time); this adds preload links for the route's files, and the router later finds them loaded.
// It imports no script, so it runs as soon as it arrives: importing a page would change how the
// app's code is split, and a shared module would make it wait for that chunk. Outside a build
// there is no list and nothing happens.
// It does import the app's main stylesheet, which the build inlines into index.html: as this
// entry's, not the app entry's, the chunks that import the app entry list no stylesheet
// (build/first-paint-plugin.ts).
import '../styles.css';

/** The id of the JSON list of each route's built files in index.html. */
export const ROUTE_FILES_ID = 'route-files';

/** The list index.html carries (files are paths from the site's root, without the leading `/`). */
export interface RouteFiles {
  /** The local-storage key of the token: someone signed in has one. */
  token: string;
  /** The signed-in session's runtime, started whenever someone is signed in. */
  runtime: string[];
  /** The signed-in pages' frame, loaded with any of them. */
  frame: string[];
  /** Each sign-in and legal screen's files, by path. */
  public: Record<string, string[]>;
  /** Each signed-in page's own files, by path. */
  signedIn: Record<string, string[]>;
}

/** The route's path of a location hash ('#/home?x=1' is '/home'). */
const pathOf = (hash: string) => hash.replace(/^#/, '').split('?')[0] || '/';

/** The files the route at `hash` will load. */
export function routeFiles(hash: string, storage: Pick<Storage, 'getItem'>, list: RouteFiles): string[] {
  const path = pathOf(hash);
  const signedIn = Boolean(storage.getItem(list.token));
  const publicPage = list.public[path];
  if (publicPage) return signedIn ? [...publicPage, ...list.runtime] : publicPage;
  const page = list.signedIn[path];
  // Without a token the guard sends the visitor to /login instead.
  if (!page || !signedIn) return [];
  return [...list.runtime, ...list.frame, ...page];
}

/** index.html's list of each route's files, read once; null outside a build. */
export function readRouteFiles(doc: Document): RouteFiles | null {
  const listed = doc.getElementById(ROUTE_FILES_ID)?.textContent;
  return listed ? (JSON.parse(listed) as RouteFiles) : null;
}

export function preloadRoute(
  hash: string,
  storage: Pick<Storage, 'getItem'>,
  list: RouteFiles,
  doc: Document,
): void {
  for (const file of new Set(routeFiles(hash, storage, list))) {
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the app's own module scripts and stylesheets are fetched, so the downloads are reused.
    link.crossOrigin = '';
    // Low, as index.html's own scripts (build/first-paint-plugin.ts): nothing here holds the paint.
    link.setAttribute('fetchpriority', 'low');
    link.href = `/${file}`;
    doc.head.appendChild(link);
  }
}

/** Must match EARLY_DATA_KEY in src/lib/early-data.ts (a unit test holds them equal). */
export const EARLY_DATA_KEY = '__bqEarlyData';

/** What Quests reads as it shows (at `/` and at `/quests`). */
const QUESTS_GETS = ['/plaid/accounts', '/bills', '/learn'];

/**
 * The API reads each signed-in page makes as soon as it shows, sent from here (issue 30): Home
 * painted its largest text only once its lists had answered, and those were asked for only
 * after React, the signed-in routes and the page's code had arrived and run. Only what a page's
 * first paint waits for: Profile's account and lesson reads, sent early, held up its code
 * (Lighthouse's LCP 2.43 against 2.31 s without them) and are left to the page. A unit test holds
 * each path to a GET the app's own modules make.
 */
export const EARLY_GETS: Record<string, readonly string[]> = {
  '/home': ['/plaid/transactions', '/plaid/accounts', '/transactions/manual', '/bills'],
  '/': QUESTS_GETS,
  '/quests': QUESTS_GETS,
  '/transactions': ['/plaid/transactions', '/plaid/accounts', '/statement-imports'],
  '/bills': ['/bills', '/plaid/transactions', '/plaid/accounts', '/transactions/manual'],
  '/games/category-matcher': ['/plaid/transactions'],
  '/learn': ['/learn'],
};

/**
 * What every signed-in page reads as the session starts (app/use-session-start.ts): the user and
 * the server's progress. Asked for after the page's own reads, which its first paint waits for;
 * these feed the status bar, the notices and Profile's e-mail line, and no longer start a round
 * trip of their own once the signed-in code has run (issue 33: Lighthouse's simulation chained
 * them after it).
 */
export const SESSION_GETS: readonly string[] = ['/auth/me', '/progress'];

/** The signed-in page at `hash` and the stored token; null for any other screen or without a token. */
export function signedInOpening(
  hash: string,
  storage: Pick<Storage, 'getItem'>,
  list: Pick<RouteFiles, 'token' | 'signedIn'>,
): { path: string; token: string } | null {
  const path = pathOf(hash);
  const token = storage.getItem(list.token);
  return token && list.signedIn[path] ? { path, token } : null;
}

/**
 * Sends the early GETs of the signed-in page at `hash` with the stored token and puts their
 * answers where the API client takes them (lib/early-data.ts). Nothing without a token, and
 * nothing for the sign-in and legal screens. Answers whether a signed-in page is opening.
 */
export function startEarlyData(
  hash: string,
  storage: Pick<Storage, 'getItem'>,
  list: Pick<RouteFiles, 'token' | 'signedIn'>,
  win: { fetch: typeof fetch; performance: Performance } & Record<string, unknown>,
  apiBase = '/api',
): boolean {
  const opening = signedInOpening(hash, storage, list);
  if (!opening) return false;
  const { path, token } = opening;
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  const answers: Record<string, Promise<Response>> = {};
  for (const p of [...(EARLY_GETS[path] ?? []), ...SESSION_GETS]) {
    answers[p] = win.fetch(`${apiBase}${p}`, { headers, priority: 'high' });
    // Taken later by the app, or never (a page that redirects): never an unhandled rejection.
    answers[p].catch(() => undefined);
  }
  win[EARLY_DATA_KEY] = { token, at: win.performance.now(), answers };
  return true;
}

/**
 * What the locale warm-up's worker runs: the number format and the date format the signed-in
 * pages make first, for `en-US`, thrown away; then the worker ends.
 */
export const LOCALE_WARM_UP =
  "new Intl.NumberFormat('en-US').format(1);new Intl.DateTimeFormat('en-US',{month:'short',day:'numeric'}).format(0);close()";

/** Starts a worker that runs `code`, from a blob (no request; the CSP's worker-src allows blob:). */
const startWorker = (code: string) => {
  new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
};

/**
 * Loads the locale data that the signed-in pages' number and date formats need, while the page
 * waits for its code (issue 30), on another thread. The first `Intl` formatter a page makes loads
 * it: 40 to 77 ms for `Intl.NumberFormat` and 4 to 16 ms for `Intl.DateTimeFormat` on the bench's
 * 4x-slower CPU, spent at the top of the signed-in chunk (the status bar's XP count) between its
 * arrival and the page's first paint. ICU's loaded data belongs to the page's process, not to one
 * thread: once a worker has made the same formatters, the page's first ones take a tenth of a
 * millisecond. Made on the page's own thread instead (stops 46 to 50), the same work was one task
 * that Lighthouse, which multiplies what it sees by four, counted as 150 ms of blocking time. Where
 * no worker can start, the page's first formatter loads the data, as without this.
 */
export function warmLocaleData(start: (code: string) => void = startWorker): void {
  start(LOCALE_WARM_UP);
}

try {
  // The data first: its requests then take connections before the route's dozen files do.
  const list = readRouteFiles(document);
  if (list) {
    const signedInPage = startEarlyData(
      window.location.hash,
      window.localStorage,
      list,
      window as unknown as Parameters<typeof startEarlyData>[3],
      (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api',
    );
    preloadRoute(window.location.hash, window.localStorage, list, document);
    // The sign-in and legal screens format no numbers or dates as they open. The worker starts in
    // a task of its own, after the parse: the parse (the rest of the page, and the shell's paint
    // after it) does not wait for its start, and neither, in Lighthouse's model, do the requests
    // above, which it counts from the end of the task that sent them.
    if (signedInPage) setTimeout(() => warmLocaleData());
  }
} catch {
  // Storage refused (a privacy mode) or an unreadable list: the router loads the route as usual.
}
