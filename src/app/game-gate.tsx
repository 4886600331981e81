// The XP gate of the locked games, part of the signed-in frame's chunk (it reads progression).
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, matchPath, useLocation } from 'react-router-dom';
import { xpValueAtom } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import { GAMES, requiredXpForRoute } from '@/domain/games';

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
