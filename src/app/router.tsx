// The hash router: public auth and legal screens, signed-in pages, XP-gated games.
import type { ComponentType } from 'react';
import { createHashRouter } from 'react-router-dom';
import { Layout } from './layout';
import { ErrorPage } from './error-page';
import { RequireAuth, RequireUnlockedGame } from './guards';
import { layout, page } from './lazy-page';
import { ROUTES } from '@/lib/routes';
import { GAMES, type Game } from '@/domain/games';
import { titled } from './document-title';

/** Each game's page; its path and XP gate come from the catalogue (domain/games.ts). */
const GAME_PAGES: Record<Game['id'], () => Promise<{ Page: ComponentType }>> = {
  'category-matcher': () => import('@/features/games/category-matcher-page'),
  breakout: () => import('@/features/games/breakout-page'),
  helicopter: () => import('@/features/games/helicopter-page'),
  '2048': () => import('@/features/games/game-2048-page'),
};

/** Every game's route, declared once from the catalogue, behind its XP gate. */
const gameRoutes = {
  element: <RequireUnlockedGame />,
  children: GAMES.map((game) => ({
    path: game.route,
    handle: titled(game.title),
    lazy: page(GAME_PAGES[game.id]),
  })),
};

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        {
          errorElement: <ErrorPage />,
          children: [
            {
              path: ROUTES.login,
              handle: titled('Sign In'),
              lazy: page(() => import('@/features/auth/login-page')),
            },
            {
              path: ROUTES.register,
              handle: titled('Create Account'),
              lazy: page(() => import('@/features/auth/register-page')),
            },
            {
              path: ROUTES.forgotPassword,
              handle: titled('Forgot Password'),
              lazy: page(() => import('@/features/auth/forgot-password-page')),
            },
            {
              path: ROUTES.resetPassword,
              handle: titled('Reset Password'),
              lazy: page(() => import('@/features/auth/reset-password-page')),
            },
            {
              path: ROUTES.privacyPolicy,
              handle: titled('Privacy Policy'),
              lazy: page(() => import('@/features/legal/privacy-policy-page')),
            },
            {
              path: ROUTES.termsOfService,
              handle: titled('Terms of Service'),
              lazy: page(() => import('@/features/legal/terms-page')),
            },
            {
              path: ROUTES.accountDeletion,
              handle: titled('Account Deletion'),
              lazy: page(() => import('@/features/legal/account-deletion-page')),
            },
            {
              element: <RequireAuth />,
              children: [
                {
                  lazy: layout(() => import('./signed-in-layout')),
                  children: [
                    {
                      path: ROUTES.quests,
                      handle: titled('Quests'),
                      lazy: page(() => import('@/features/quests/quests-page')),
                    },
                    {
                      path: ROUTES.questsAlias,
                      handle: titled('Quests'),
                      lazy: page(() => import('@/features/quests/quests-page')),
                    },
                    {
                      path: ROUTES.home,
                      handle: titled('Home'),
                      lazy: page(() => import('@/features/home/home-page')),
                    },
                    {
                      path: ROUTES.transactions,
                      handle: titled('Transactions'),
                      lazy: page(() => import('@/features/transactions/transactions-page')),
                    },
                    {
                      path: ROUTES.games,
                      handle: titled('Games'),
                      lazy: page(() => import('@/features/games/games-page')),
                    },
                    gameRoutes,
                    {
                      path: ROUTES.financialGuruArticle,
                      handle: titled('Financial Guru'),
                      lazy: page(() => import('@/features/quests/financial-guru-article-page')),
                    },
                    {
                      path: ROUTES.emergencyFundGoal,
                      handle: titled('Emergency Fund Goal'),
                      lazy: page(() => import('@/features/quests/emergency-fund-goal-page')),
                    },
                    {
                      path: ROUTES.testQuest,
                      handle: titled('Test Quest'),
                      lazy: page(() => import('@/features/dev/test-quest-page')),
                    },
                    {
                      path: ROUTES.profile,
                      handle: titled('Profile'),
                      lazy: page(() => import('@/features/profile/profile-page')),
                    },
                    {
                      path: ROUTES.devAdmin,
                      handle: titled('Dev Admin'),
                      lazy: page(() => import('@/features/dev/dev-admin-page')),
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
