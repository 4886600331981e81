// The routes: the public auth and legal screens here; every other address is a signed-in page
// (signed-in-routes.tsx, a chunk of its own with the signed-in frame, loaded once someone signed
// in opens one) or not found. Declared as components (React Router's declarative mode), not
// through its data router, which the app does not need and which cost every first load 14 KB of
// compressed JavaScript (issue 14).
import { Route, Routes, matchPath, useLocation } from 'react-router-dom';
import { Layout } from './layout';
import { ErrorPage, NOT_FOUND } from './error-page';
import { RequireAuth } from './guards';
import { lazyRoute, loadRouteModule, openedPath } from './lazy-page';
import { pageRoute } from './page-route';
import { ROUTES } from '@/lib/routes';
import { getToken } from '@/lib/api-client';
import { SIGNED_IN_PATHS } from './route-files';
import { PUBLIC_PAGES, signedInFrameModule } from './route-modules';

const PUBLIC_TITLES: Record<string, string> = {
  [ROUTES.login]: 'Sign In',
  [ROUTES.register]: 'Create Account',
  [ROUTES.forgotPassword]: 'Forgot Password',
  [ROUTES.resetPassword]: 'Reset Password',
  [ROUTES.privacyPolicy]: 'Privacy Policy',
  [ROUTES.termsOfService]: 'Terms of Service',
  [ROUTES.accountDeletion]: 'Account Deletion',
};

/** Whether `pathname` is a signed-in page, matched as the router matches (any case, a trailing slash). */
export const isSignedInPage = (pathname: string): boolean =>
  SIGNED_IN_PATHS.some((path) => matchPath({ path, caseSensitive: false, end: true }, pathname));

const SignedInRoutes = lazyRoute(signedInFrameModule, 'SignedInRoutes');
// Opened at a signed-in page by someone signed in: the frame's module starts now, while React
// renders, not once the routes have rendered (its files are preloaded already: preload-route.ts).
if (getToken() && isSignedInPage(openedPath())) loadRouteModule(signedInFrameModule).catch(() => undefined);

/** A signed-in page behind the sign-in guard, or the not-found page for an unknown address. */
function SignedInOrNotFound() {
  const { pathname } = useLocation();
  if (!isSignedInPage(pathname)) return <ErrorPage error={NOT_FOUND} />;
  return (
    <RequireAuth>
      <SignedInRoutes />
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {Object.entries(PUBLIC_TITLES).map(([path, title]) => pageRoute(path, title, PUBLIC_PAGES[path]!))}
        <Route path="*" element={<SignedInOrNotFound />} />
      </Route>
    </Routes>
  );
}
