import { useEffect } from 'react';
import { HashRouter, useNavigate } from 'react-router-dom';
import { Notifier } from '@/components/notifier';
import { ProgressMoments } from '@/components/progress-moments';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { ROUTES } from '@/lib/routes';
import { signOut } from '@/lib/session';
import { startProgressSync } from '@/lib/progress-sync/sender';
import { mirrorServer } from '@/lib/progression';
import { watchProgress } from '@/lib/progress-sync/watch';
import { AppRoutes } from './router';
import { RouteErrorBoundary } from './error-page';
import { useSessionStart } from './use-session-start';
import { usePlaidRedirect } from './use-plaid-redirect';
import { ScrollManager } from './scroll-manager';

/** A 401 to any protected call ends the session here, and only here: the Logout button's sign-out, then /login. */
function SignOutOnUnauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      signOut();
      void navigate(ROUTES.login, { replace: true });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate]);
  return null;
}

export function App() {
  useEffect(() => {
    // Progress events go to the server from here on (issue 13).
    const stopWatch = watchProgress();
    // The server's answers are mirrored by the progression module (DECISIONS: the referee).
    const stopSync = startProgressSync((state) => mirrorServer(state));
    return () => {
      stopWatch();
      stopSync();
    };
  }, []);
  useSessionStart();
  usePlaidRedirect();
  // The notifier and the progress moments subscribe in child effects, so they are listening
  // before the session start-up (this component's effects) can announce an achievement.
  return (
    <>
      <HashRouter>
        <SignOutOnUnauthorized />
        <ScrollManager />
        {/* The layout itself failing still leaves a page with a way back. */}
        <RouteErrorBoundary resetKey="app">
          <AppRoutes />
        </RouteErrorBoundary>
      </HashRouter>
      <Notifier />
      <ProgressMoments />
    </>
  );
}
