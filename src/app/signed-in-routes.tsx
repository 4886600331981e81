// The signed-in routes: every page behind sign-in in the signed-in frame (signed-in-layout.tsx),
// the games behind their XP gates. Their own chunk, with the frame, the pages' loaders and the
// bottom navigation: the app's routes (router.tsx) hand every other address to these once the
// visitor is signed in, so a signed-out visitor's first load carries none of it (issue 30).
import { Route, Routes } from 'react-router-dom';
import { ROUTES } from '@/lib/routes';
import { GAMES } from '@/domain/games';
import { pageRoute } from './page-route';
import { Layout } from './signed-in-layout';
import { RequireUnlockedGame } from './game-gate';
import { GAME_PAGES, SIGNED_IN_PAGES } from './signed-in-pages';

export { BottomNav } from './bottom-nav';
export { openedPageCode } from './signed-in-pages';

const SIGNED_IN_TITLES: Record<string, string> = {
  [ROUTES.quests]: 'Quests',
  [ROUTES.questsAlias]: 'Quests',
  [ROUTES.home]: 'Home',
  [ROUTES.transactions]: 'Transactions',
  [ROUTES.bills]: 'Bills and subscriptions',
  [ROUTES.games]: 'Games',
  [ROUTES.financialGuruArticle]: 'Financial Guru',
  [ROUTES.emergencyFundGoal]: 'Emergency Fund Goal',
  [ROUTES.testQuest]: 'Test Quest',
  [ROUTES.learn]: 'Learn',
  [ROUTES.profile]: 'Profile',
  [ROUTES.devAdmin]: 'Dev Admin',
};

export function SignedInRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {Object.entries(SIGNED_IN_TITLES).map(([path, title]) =>
          pageRoute(path, title, SIGNED_IN_PAGES[path]!),
        )}
        <Route element={<RequireUnlockedGame />}>
          {GAMES.map((game) => pageRoute(game.route, game.title, GAME_PAGES[game.id]))}
        </Route>
      </Route>
    </Routes>
  );
}
