// Which module each signed-in page is, by path (see route-files.ts): read by the signed-in routes'
// chunk (signed-in-pages.ts) and by the build, never by the sign-in screen's first load.
import { ROUTES } from '../lib/routes.ts';
import type { Game } from '../domain/games.ts';
import { GAME_ROUTES } from '../domain/game-routes.ts';

/** Each game's page; its path is in domain/game-routes.ts, its XP gate in domain/games.ts. */
export const GAME_PAGE_FILES: Record<Game['id'], string> = {
  'category-matcher': '/src/features/games/category-matcher-page.tsx',
  breakout: '/src/features/games/breakout-page.tsx',
  helicopter: '/src/features/games/helicopter-page.tsx',
  '2048': '/src/features/games/game-2048-page.tsx',
};

/** The signed-in pages by path, games included. */
export const SIGNED_IN_PAGE_FILES: Record<string, string> = {
  [ROUTES.quests]: '/src/features/quests/quests-page.tsx',
  [ROUTES.questsAlias]: '/src/features/quests/quests-page.tsx',
  [ROUTES.home]: '/src/features/home/home-page.tsx',
  [ROUTES.transactions]: '/src/features/transactions/transactions-page.tsx',
  [ROUTES.bills]: '/src/features/bills/bills-page.tsx',
  [ROUTES.games]: '/src/features/games/games-page.tsx',
  ...Object.fromEntries(
    Object.entries(GAME_PAGE_FILES).map(([id, file]) => [GAME_ROUTES[id as Game['id']], file]),
  ),
  [ROUTES.financialGuruArticle]: '/src/features/quests/financial-guru-article-page.tsx',
  [ROUTES.emergencyFundGoal]: '/src/features/quests/emergency-fund-goal-page.tsx',
  [ROUTES.testQuest]: '/src/features/dev/test-quest-page.tsx',
  [ROUTES.learn]: '/src/features/learn/learn-page.tsx',
  [ROUTES.profile]: '/src/features/profile/profile-page.tsx',
  [ROUTES.devAdmin]: '/src/features/dev/dev-admin-page.tsx',
};

/**
 * What a page loads itself right after its first paint, preloaded with the page all the same: a
 * Phaser game's scene and the game host's Phaser side (Phaser comes with them). The page paints
 * without them, and they arrive on the same early start as the page's own code.
 */
export const PAGE_AFTER_PAINT_FILES: Record<string, readonly string[]> = {
  [GAME_ROUTES.breakout]: ['/games/breakout/scene.ts', '/games/shared/game-start.ts'],
  [GAME_ROUTES.helicopter]: ['/games/helicopter/scene.ts', '/games/shared/game-start.ts'],
  [GAME_ROUTES['2048']]: ['/games/2048/scene.ts', '/games/shared/game-start.ts'],
};
