// The sign-in guard of the signed-in pages (the games' XP gate is in game-gate.tsx, with the
// signed-in routes' code).
import { use, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { tokenAtom } from '@/lib/shell-atoms';
import { ROUTES } from '@/lib/routes';
import { loadRouteModule } from './lazy-page';
import { PUBLIC_PAGES } from './route-modules';

/**
 * Sends a visitor without a token to /login. The sign-in page's code is waited for first, so the
 * redirect lands on a page that renders at once: a redirect to a page still loading is a pending
 * navigation, and a visitor moving on in that moment (Logout, then Back to the page they were on)
 * was left on an empty page with no redirect.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!token) {
    use(loadRouteModule(PUBLIC_PAGES[ROUTES.login]!));
    return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  }
  return children;
}
