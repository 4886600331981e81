// Which module each route's page is, as a path from the project root: the sign-in and legal
// screens here (the app's entry loads them, app/route-modules.ts), the signed-in pages in
// signed-in-page-files.ts (their loaders are in the signed-in routes' chunk). The build reads both
// tables too (build/route-preload-plugin.ts) and writes each route's built files into index.html,
// for the early preload (app/preload-route.ts). Its imports are relative, with their extension,
// so the build's config loader can read it.
import { ROUTES } from '../lib/routes.ts';
import { GAME_ROUTES } from '../domain/game-routes.ts';

/** The signed-in pages' frame and routes (app/signed-in-routes.tsx), loaded with any of them. */
export const SIGNED_IN_FRAME_FILE = '/src/app/signed-in-routes.tsx';
/** The signed-in session's runtime, loaded whenever someone is signed in (app/session-slot.tsx). */
export const SESSION_RUNTIME_FILE = '/src/app/session-runtime.tsx';

/** Screens anyone may open; every other page is behind sign-in. */
export const PUBLIC_PAGE_FILES: Record<string, string> = {
  [ROUTES.login]: '/src/features/auth/login-page.tsx',
  [ROUTES.register]: '/src/features/auth/register-page.tsx',
  [ROUTES.forgotPassword]: '/src/features/auth/forgot-password-page.tsx',
  [ROUTES.resetPassword]: '/src/features/auth/reset-password-page.tsx',
  [ROUTES.privacyPolicy]: '/src/features/legal/privacy-policy-page.tsx',
  [ROUTES.termsOfService]: '/src/features/legal/terms-page.tsx',
  [ROUTES.accountDeletion]: '/src/features/legal/account-deletion-page.tsx',
};

/** Every signed-in page's path: each route of the spec that is not public, and the games'. */
export const SIGNED_IN_PATHS: readonly string[] = [
  ...Object.values(ROUTES).filter((path) => !(path in PUBLIC_PAGE_FILES)),
  ...Object.values(GAME_ROUTES),
];
