// The loaders of the app's entry, from the table of app/route-files.ts: the sign-in and legal
// screens (each page module its own chunk, loaded when its route is first opened) and the
// signed-in frame, whose module holds the signed-in routes and their pages' loaders
// (signed-in-routes.tsx), so the sign-in screen's first load carries none of them (issue 30).
import type { ComponentType } from 'react';
import { PUBLIC_PAGE_FILES, SIGNED_IN_FRAME_FILE } from './route-files';
import type { PageModule } from './page-route';

type SignedInFrame = typeof import('./signed-in-routes');

const publicPages = import.meta.glob<{ Page: ComponentType }>([
  '/src/features/auth/*-page.tsx',
  '/src/features/legal/*-page.tsx',
]);
const frames = import.meta.glob<SignedInFrame>('/src/app/signed-in-routes.tsx');

function loader<T>(modules: Record<string, () => Promise<T>>, file: string): () => Promise<T> {
  const load = modules[file];
  if (!load) throw new Error(`No module ${file} (app/route-files.ts)`);
  return load;
}

export const signedInFrameModule = loader(frames, SIGNED_IN_FRAME_FILE);

export const PUBLIC_PAGES: Record<string, PageModule> = Object.fromEntries(
  Object.entries(PUBLIC_PAGE_FILES).map(([route, file]) => [route, loader(publicPages, file)]),
);
