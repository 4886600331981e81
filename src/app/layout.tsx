// The shared layout: page content, the bottom navigation for signed-in users, the floating
// Add Expense button, notices and a progress bar while a route's code loads.
import { Suspense, lazy } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import { expenseModalOpenAtom, tokenAtom } from '@/lib/atoms';
import { BottomNav } from './bottom-nav';
import { RouteErrorBoundary } from './error-page';
import { useRouteCodeLoading } from './lazy-page';
import { NO_EXPENSE_BUTTON, ROUTES } from '@/lib/routes';

const ExpenseModal = lazy(() => import('@/features/expense/expense-modal'));

export function Layout() {
  const { pathname } = useLocation();
  const codeLoading = useRouteCodeLoading();
  const navigate = useNavigate();
  const token = useAtomValue(tokenAtom);
  const [expenseOpen, setExpenseOpen] = useAtom(expenseModalOpenAtom);
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
      {signedIn && <BottomNav />}
      {expenseOpen && (
        <Suspense fallback={null}>
          <ExpenseModal onClose={() => setExpenseOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
