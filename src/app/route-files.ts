// Which module each route's page is, as a path from the project root. The router's loaders
// (app/route-modules.ts) are built from this table, and the early preload (app/preload-route.ts),
// which must not import the pages themselves, looks the route's files up by these paths.
import { ROUTES } from '@/lib/routes';
import { GAMES, type Game } from '@/domain/games';

export const SIGNED_IN_LAYOUT_FILE = '/src/app/signed-in-layout.tsx';

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

/** Each game's page; its path and XP gate come from the catalogue (domain/games.ts). */
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
  [ROUTES.games]: '/src/features/games/games-page.tsx',
  ...Object.fromEntries(GAMES.map((game) => [game.route, GAME_PAGE_FILES[game.id]])),
  [ROUTES.financialGuruArticle]: '/src/features/quests/financial-guru-article-page.tsx',
  [ROUTES.emergencyFundGoal]: '/src/features/quests/emergency-fund-goal-page.tsx',
  [ROUTES.testQuest]: '/src/features/dev/test-quest-page.tsx',
  [ROUTES.learn]: '/src/features/learn/learn-page.tsx',
  [ROUTES.profile]: '/src/features/profile/profile-page.tsx',
  [ROUTES.devAdmin]: '/src/features/dev/dev-admin-page.tsx',
};
