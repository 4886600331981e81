// The loaders of the signed-in pages (every page module but the sign-in and legal screens), from
// the table of app/route-files.ts, in the signed-in frame's chunk: the sign-in screen's first load
// carries neither them nor the list of files each one needs (issue 30). Each page module is its
// own chunk, loaded when its route is first opened.
import type { ComponentType } from 'react';
import type { Game } from '@/domain/games';
import { GAME_PAGE_FILES, SIGNED_IN_PAGE_FILES } from './signed-in-page-files';
import { loader } from './route-modules';
import type { PageModule } from './page-route';

const pages = import.meta.glob<{ Page: ComponentType }>([
  '/src/features/*/*-page.tsx',
  '!/src/features/auth/*',
  '!/src/features/legal/*',
]);

const byRoute = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([route, file]) => [route, loader(pages, file)]));

export const SIGNED_IN_PAGES: Record<string, PageModule> = byRoute(SIGNED_IN_PAGE_FILES);
export const GAME_PAGES = byRoute(GAME_PAGE_FILES) as Record<Game['id'], PageModule>;
