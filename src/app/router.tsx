// The routes: public auth and legal screens, signed-in pages, XP-gated games. Declared as
// components (React Router's declarative mode), not through its data router, which the app does
// not need and which cost every first load 14 KB of compressed JavaScript (issue 14).
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout';
import { ErrorPage, NOT_FOUND } from './error-page';
import { RequireAuth, RequireUnlockedGame } from './guards';
import { lazyRoute } from './lazy-page';
import { Titled } from './document-title';
import { ROUTES } from '@/lib/routes';
import { GAMES } from '@/domain/games';
import {
  GAME_PAGES,
  PUBLIC_PAGES,
  SIGNED_IN_PAGES,
  signedInLayoutModule,
  type PageModule,
} from './route-modules';

const PUBLIC_TITLES: Record<string, string> = {
  [ROUTES.login]: 'Sign In',
  [ROUTES.register]: 'Create Account',
  [ROUTES.forgotPassword]: 'Forgot Password',
  [ROUTES.resetPassword]: 'Reset Password',
  [ROUTES.privacyPolicy]: 'Privacy Policy',
  [ROUTES.termsOfService]: 'Terms of Service',
  [ROUTES.accountDeletion]: 'Account Deletion',
};

const SIGNED_IN_TITLES: Record<string, string> = {
  [ROUTES.quests]: 'Quests',
  [ROUTES.questsAlias]: 'Quests',
  [ROUTES.home]: 'Home',
  [ROUTES.transactions]: 'Transactions',
  [ROUTES.games]: 'Games',
  [ROUTES.financialGuruArticle]: 'Financial Guru',
  [ROUTES.emergencyFundGoal]: 'Emergency Fund Goal',
  [ROUTES.testQuest]: 'Test Quest',
  [ROUTES.learn]: 'Learn',
  [ROUTES.profile]: 'Profile',
  [ROUTES.devAdmin]: 'Dev Admin',
};

/** One lazy component per page module, made once (a module shared by two paths loads once). */
const components = new Map<PageModule, ComponentType>();
function pageOf(load: PageModule): ComponentType {
  let c = components.get(load);
  if (!c) components.set(load, (c = lazyRoute(load, 'Page')));
  return c;
}

function pageRoute(path: string, title: string, load: PageModule) {
  const Page = pageOf(load);
  return (
    <Route
      key={path}
      path={path}
      element={
        <Titled title={title}>
          <Page />
        </Titled>
      }
    />
  );
}

const SignedInLayout = lazyRoute(signedInLayoutModule, 'Layout');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {Object.entries(PUBLIC_TITLES).map(([path, title]) => pageRoute(path, title, PUBLIC_PAGES[path]!))}
        <Route element={<RequireAuth />}>
          <Route element={<SignedInLayout />}>
            {Object.entries(SIGNED_IN_TITLES).map(([path, title]) =>
              pageRoute(path, title, SIGNED_IN_PAGES[path]!),
            )}
            <Route element={<RequireUnlockedGame />}>
              {GAMES.map((game) => pageRoute(game.route, game.title, GAME_PAGES[game.id]))}
            </Route>
          </Route>
        </Route>
        <Route path="*" element={<ErrorPage error={NOT_FOUND} />} />
      </Route>
    </Routes>
  );
}
