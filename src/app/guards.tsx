// Route guards: sign-in for protected routes and the XP gates of the locked games.
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { tokenAtom } from '@/lib/atoms';
import { xpValueAtom } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import { requiredXpForRoute } from '@/domain/games';

export function RequireAuth() {
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!token) return <Navigate to={ROUTES.login} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** Sends a signed-in user whose XP has not unlocked this game (domain/games.ts) to the catalogue. */
export function RequireUnlockedGame() {
  const xp = useAtomValue(xpValueAtom);
  const { pathname } = useLocation();
  if (xp < requiredXpForRoute(pathname)) return <Navigate to={ROUTES.games} replace />;
  return <Outlet />;
}
