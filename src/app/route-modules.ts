// Each route's code, one loader per page module, from the table of app/route-files.ts: every page
// module is its own chunk, loaded when its route is first opened.
import type { ComponentType } from 'react';
import type { Game } from '@/domain/games';
import {
  GAME_PAGE_FILES,
  PUBLIC_PAGE_FILES,
  SIGNED_IN_LAYOUT_FILE,
  SIGNED_IN_PAGE_FILES,
} from './route-files';

export type PageModule = () => Promise<{ Page: ComponentType }>;

const pages = import.meta.glob<{ Page: ComponentType }>('/src/features/*/*-page.tsx');
const layouts = import.meta.glob<{ Layout: ComponentType }>('/src/app/signed-in-layout.tsx');

function loader<T>(modules: Record<string, () => Promise<T>>, file: string): () => Promise<T> {
  const load = modules[file];
  if (!load) throw new Error(`No module ${file} (app/route-files.ts)`);
  return load;
}
const byRoute = (files: Record<string, string>) =>
  Object.fromEntries(Object.entries(files).map(([route, file]) => [route, loader(pages, file)]));

export const signedInLayoutModule = loader(layouts, SIGNED_IN_LAYOUT_FILE);
export const PUBLIC_PAGES: Record<string, PageModule> = byRoute(PUBLIC_PAGE_FILES);
export const SIGNED_IN_PAGES: Record<string, PageModule> = byRoute(SIGNED_IN_PAGE_FILES);
export const GAME_PAGES = byRoute(GAME_PAGE_FILES) as Record<Game['id'], PageModule>;
