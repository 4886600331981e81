// The shared layout: page content, the bottom navigation for signed-in users, the floating
// Add Expense button and a progress bar while a route's code loads. The button opens the Add
// Expense modal, which the session runtime shows (session-runtime.tsx): a signed-out visitor's
// screens load none of it.
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue, useSetAtom } from 'jotai';
import { expenseModalOpenAtom, tokenAtom } from '@/lib/shell-atoms';
import { RouteErrorBoundary } from './error-page';
import { lazyRoute, useRouteCodeLoading } from './lazy-page';
import { signedInFrameModule } from './route-modules';
import { NO_EXPENSE_BUTTON, ROUTES } from '@/lib/routes';

// With the signed-in frame's code: a signed-out visitor never loads it.
const BottomNav = lazyRoute(signedInFrameModule, 'BottomNav');

export function Layout() {
  const { pathname } = useLocation();
  const codeLoading = useRouteCodeLoading();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const setExpenseOpen = useSetAtom(expenseModalOpenAtom);
  const showExpense = !NO_EXPENSE_BUTTON.includes(pathname);
  const signedIn = Boolean(token);

  const openExpense = () => {
    if (!signedIn) navigate(ROUTES.login);
    else setExpenseOpen(true);
  };

  return (
    <div className={`app-shell${signedIn ? ' with-nav' : ''}`}>
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      {codeLoading && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <div id="main-content" tabIndex={-1} className="main-content">
        <RouteErrorBoundary resetKey={pathname}>
          {/* While a route's code loads the page shown stays (navigations are transitions). */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </div>
      {showExpense && (
        <button type="button" className="fab" onClick={openExpense} aria-haspopup="dialog">
          <span aria-hidden="true" className="fab-plus">
            +
          </span>
          <span>Add Expense</span>
        </button>
      )}
      {signedIn && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
    </div>
  );
}
