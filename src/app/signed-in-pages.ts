// The loaders of the signed-in pages (every page module but the sign-in and legal screens), from
// the table of app/route-files.ts, in the signed-in frame's chunk: the sign-in screen's first load
// carries neither them nor the list of files each one needs (issue 30). Each page module is its
// own chunk, loaded when its route is first opened.
import type { ComponentType } from 'react';
import { useStoreInTransition } from '@/lib/settled-in-transition';
import type { Game } from '@/domain/games';
import { GAME_PAGE_FILES, SIGNED_IN_PAGE_FILES } from './signed-in-page-files';
import type { PageModule } from './page-route';
import { loadRouteModule, openedPath } from './lazy-page';

const pages = import.meta.glob<{ Page: ComponentType }>([
  '/src/features/*/*-page.tsx',
  '!/src/features/auth/*',
  '!/src/features/legal/*',
]);

function loader(file: string): PageModule {
  const load = pages[file];
  if (!load) throw new Error(`No module ${file} (app/signed-in-page-files.ts)`);
  return load;
}
const byRoute = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([route, file]) => [route, loader(file)]));

export const SIGNED_IN_PAGES: Record<string, PageModule> = byRoute(SIGNED_IN_PAGE_FILES);
export const GAME_PAGES = byRoute(GAME_PAGE_FILES) as Record<Game['id'], PageModule>;

// The page the app was opened at starts loading as this module runs, not once the frame has
// rendered (its files are preloaded already: preload-route.ts), and the frame shows once it is
// here (openedPageLoaded): a page that suspended after the frame had rendered would be revealed no
// sooner than 300 ms later (React's Suspense throttle).
const opened = SIGNED_IN_PAGES[openedPath()];
let settled = !opened;
const listeners = new Set<() => void>();
const openedLoad: Promise<unknown> = opened
  ? loadRouteModule(opened)
      .catch(() => undefined)
      .finally(() => {
        settled = true;
        listeners.forEach((l) => l());
      })
  : Promise.resolve();

/** The code of the page the app was opened at, once it has arrived or failed (app/first-render.ts). */
export const openedPageCode = (): Promise<unknown> => openedLoad;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const isSettled = () => settled;

/**
 * Whether the page the app was opened at has loaded (or failed to: its route then says so). The
 * frame and the page it shows then render in a transition (lib/settled-in-transition).
 */
export function useOpenedPageLoaded(): boolean {
  return useStoreInTransition(subscribe, isSettled);
}
