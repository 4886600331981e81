// The hash router: public auth and legal screens, signed-in pages, XP-gated games.
import { createHashRouter, Outlet } from 'react-router-dom';
import { Layout } from './layout';
import { ErrorPage } from './error-page';
import { RequireAuth, RequireXp } from './guards';
import { page } from './lazy-page';
import { ROUTES } from '@/lib/routes';
import { GAMES } from '@/domain/games';

const unlockXp = (id: string) => GAMES.find((g) => g.id === id)?.unlockXP ?? 0;

export function createAppRouter() {
  return createHashRouter([
    {
      element: <Layout />,
      errorElement: <ErrorPage />,
      children: [
        {
          errorElement: <ErrorPage />,
          children: [
            { path: ROUTES.login, lazy: page(() => import('@/features/auth/login-page')) },
            { path: ROUTES.register, lazy: page(() => import('@/features/auth/register-page')) },
            { path: ROUTES.forgotPassword, lazy: page(() => import('@/features/auth/forgot-password-page')) },
            { path: ROUTES.resetPassword, lazy: page(() => import('@/features/auth/reset-password-page')) },
            { path: ROUTES.privacyPolicy, lazy: page(() => import('@/features/legal/privacy-policy-page')) },
            { path: ROUTES.termsOfService, lazy: page(() => import('@/features/legal/terms-page')) },
            {
              path: ROUTES.accountDeletion,
              lazy: page(() => import('@/features/legal/account-deletion-page')),
            },
            {
              element: <RequireAuth />,
              children: [
                { path: ROUTES.quests, lazy: page(() => import('@/features/quests/quests-page')) },
                { path: ROUTES.questsAlias, lazy: page(() => import('@/features/quests/quests-page')) },
                { path: ROUTES.home, lazy: page(() => import('@/features/home/home-page')) },
                {
                  path: ROUTES.transactions,
                  lazy: page(() => import('@/features/transactions/transactions-page')),
                },
                { path: ROUTES.games, lazy: page(() => import('@/features/games/games-page')) },
                {
                  path: ROUTES.categoryMatcher,
                  lazy: page(() => import('@/features/games/category-matcher-page')),
                },
                { path: ROUTES.breakout, lazy: page(() => import('@/features/games/breakout-page')) },
                {
                  element: (
                    <RequireXp minXp={unlockXp('helicopter')}>
                      <Outlet />
                    </RequireXp>
                  ),
                  children: [
                    { path: ROUTES.helicopter, lazy: page(() => import('@/features/games/helicopter-page')) },
                  ],
                },
                {
                  element: (
                    <RequireXp minXp={unlockXp('2048')}>
                      <Outlet />
                    </RequireXp>
                  ),
                  children: [
                    { path: ROUTES.game2048, lazy: page(() => import('@/features/games/game-2048-page')) },
                  ],
                },
                {
                  path: ROUTES.financialGuruArticle,
                  lazy: page(() => import('@/features/quests/financial-guru-article-page')),
                },
                {
                  path: ROUTES.emergencyFundGoal,
                  lazy: page(() => import('@/features/quests/emergency-fund-goal-page')),
                },
                { path: ROUTES.testQuest, lazy: page(() => import('@/features/dev/test-quest-page')) },
                { path: ROUTES.profile, lazy: page(() => import('@/features/profile/profile-page')) },
                { path: ROUTES.devAdmin, lazy: page(() => import('@/features/dev/dev-admin-page')) },
              ],
            },
          ],
        },
      ],
    },
  ]);
}
