// Starts downloading the current route's code as soon as the page is parsed, while React and the
// app's own scripts are still on their way (issue 14: Home and the games showed 0.4 to 0.7 s
// sooner on a slow phone). index.html loads this first, as an entry of its own, and carries the
// built files of each page module (build/route-preload-plugin.ts); this adds preload links for the
// route's files, and the router later finds them loaded. It imports no page: importing one would
// change how the app's code is split. Outside a build there is no list and nothing happens.
import { PUBLIC_PAGE_FILES, SIGNED_IN_LAYOUT_FILE, SIGNED_IN_PAGE_FILES } from './route-files';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The id of the JSON list of each page module's built files in index.html. */
export const ROUTE_FILES_ID = 'route-files';

/** The modules (paths from the project root) the route at `hash` will load. */
export function routeModules(hash: string, storage: Pick<Storage, 'getItem'>): string[] {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  const publicPage = PUBLIC_PAGE_FILES[path];
  if (publicPage) return [publicPage];
  const page = SIGNED_IN_PAGE_FILES[path];
  // Without a token the guard sends the visitor to /login instead.
  if (!page || !storage.getItem(STORAGE_KEYS.token)) return [];
  return [SIGNED_IN_LAYOUT_FILE, page];
}

export function preloadRoute(hash: string, storage: Pick<Storage, 'getItem'>, doc: Document): void {
  const listed = doc.getElementById(ROUTE_FILES_ID)?.textContent;
  if (!listed) return;
  const files = JSON.parse(listed) as Record<string, string[]>;
  const seen = new Set<string>();
  for (const module of routeModules(hash, storage)) {
    for (const file of files[module] ?? []) {
      if (seen.has(file)) continue;
      seen.add(file);
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
}

try {
  preloadRoute(window.location.hash, window.localStorage, document);
} catch {
  // Storage refused (a privacy mode) or an unreadable list: the router loads the route as usual.
}
