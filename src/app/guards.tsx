// Route guards: sign-in for protected routes and the XP gates of the locked games.
import { use } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, matchPath, useLocation } from 'react-router-dom';
import { tokenAtom } from '@/lib/atoms';
import { xpValueAtom } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import { GAMES, requiredXpForRoute } from '@/domain/games';
import { loadRouteModule } from './lazy-page';
import { PUBLIC_PAGES } from './route-modules';

/**
 * Sends a visitor without a token to /login. The sign-in page's code is waited for first, so the
 * redirect lands on a page that renders at once: a redirect to a page still loading is a pending
 * navigation, and a visitor moving on in that moment (Logout, then Back to the page they were on)
 * was left on an empty page with no redirect.
 */
export function RequireAuth() {
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!token) {
    use(loadRouteModule(PUBLIC_PAGES[ROUTES.login]!));
    return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}

/**
 * Sends a signed-in user whose XP has not unlocked this game (domain/games.ts) to the catalogue.
 * The game is the route pattern the router matched (it matches in any case and with a trailing
 * slash), never the raw address: `#/games/2048/` and `#/games/HELICOPTER` are gated too.
 */
export function RequireUnlockedGame() {
  const xp = useAtomValue(xpValueAtom);
  const { pathname } = useLocation();
  const game = GAMES.find((g) => matchPath({ path: g.route, caseSensitive: false, end: true }, pathname));
  if (xp < requiredXpForRoute(game?.route ?? pathname)) return <Navigate to={ROUTES.games} replace />;
  return <Outlet />;
}
