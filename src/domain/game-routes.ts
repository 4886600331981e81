// Each game's route, apart from the catalogue (games.ts): the route table every page's first load
// carries (app/route-files.ts) needs the paths, not the games' texts and rules.
import type { Game } from './games';

export const GAME_ROUTES: Readonly<Record<Game['id'], string>> = {
  breakout: '/games/breakout',
  helicopter: '/games/helicopter',
  '2048': '/games/2048',
  'category-matcher': '/games/category-matcher',
};
