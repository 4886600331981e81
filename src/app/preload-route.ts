// Starts downloading the current route's code as soon as the page is parsed, while React and the
// app's own scripts are still on their way (issue 14: Home and the games showed 0.4 to 0.7 s
// sooner on a slow phone). index.html loads this first, as an entry of its own, and carries the
// built files of each route (build/route-preload-plugin.ts resolves the route tables at build
// time); this adds preload links for the route's files, and the router later finds them loaded.
// It imports nothing, so it runs as soon as it arrives: importing a page would change how the
// app's code is split, and a shared module would make it wait for that chunk. Outside a build
// there is no list and nothing happens.

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

/** The files the route at `hash` will load. */
export function routeFiles(hash: string, storage: Pick<Storage, 'getItem'>, list: RouteFiles): string[] {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const signedIn = Boolean(storage.getItem(list.token));
  const publicPage = list.public[path];
  if (publicPage) return signedIn ? [...publicPage, ...list.runtime] : publicPage;
  const page = list.signedIn[path];
  // Without a token the guard sends the visitor to /login instead.
  if (!page || !signedIn) return [];
  return [...list.runtime, ...list.frame, ...page];
}

export function preloadRoute(hash: string, storage: Pick<Storage, 'getItem'>, doc: Document): void {
  const listed = doc.getElementById(ROUTE_FILES_ID)?.textContent;
  if (!listed) return;
  for (const file of new Set(routeFiles(hash, storage, JSON.parse(listed) as RouteFiles))) {
    const link = doc.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    // As the app's own module scripts and stylesheets are fetched, so the downloads are reused.
    link.crossOrigin = '';
    link.href = `/${file}`;
    doc.head.appendChild(link);
  }
}

try {
  preloadRoute(window.location.hash, window.localStorage, document);
} catch {
  // Storage refused (a privacy mode) or an unreadable list: the router loads the route as usual.
}
