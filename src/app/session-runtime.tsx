// The signed-in session's runtime (lib/session-runtime.ts), a chunk of its own: progress events go
// to the server and its answers are mirrored, the session starts (user, usage day, onboarding), a
// bank-link redirect is resumed, a refused token ends the session, and the notices and progress
// moments and the Add Expense modal show; a sign-in is finished here (lib/sign-in.ts). Mounted by the app shell
// (session-slot.tsx) once someone is signed in or starts to sign in, and never unmounted, so a
// notice given at sign-out (account deleted) still shows.
import { Suspense, lazy, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAtom } from 'jotai';
import { Notifier } from '@/components/notifier';
import { ProgressMoments } from '@/components/progress-moments';
import { getToken, setEarlyAnswers, setUnauthorizedHandler } from '@/lib/api-client';
import { earlyPaths, takeEarlyAnswer } from '@/lib/early-data';
import { primeLists } from '@/bank/queries';
import { ROUTES } from '@/lib/routes';
import { expenseModalOpenAtom } from '@/lib/shell-atoms';
import { signOut } from '@/lib/session';
import { startProgressSync } from '@/lib/progress-sync/sender';
import { mirrorServer } from '@/lib/progression';
import { watchProgress } from '@/lib/progress-sync/watch';
import { useSessionStart } from './use-session-start';
import { usePlaidRedirect } from './use-plaid-redirect';

export { finishSignIn } from '@/lib/sign-in';

// The page's first GETs, sent by the preload script, are taken from here on (issue 30), and the
// lists among them go into the cache now, before the page that reads them renders.
setEarlyAnswers(takeEarlyAnswer);
primeLists(earlyPaths(getToken()));

const ExpenseModal = lazy(() => import('@/features/expense/expense-modal'));

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

/** The Add Expense modal, opened by the app shell's button or a page (expenseModalOpenAtom). */
function AddExpense() {
  const [open, setOpen] = useAtom(expenseModalOpenAtom);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ExpenseModal onClose={() => setOpen(false)} />
    </Suspense>
  );
}

export function SessionRuntime({ onStarted }: { onStarted: () => void }) {
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
  // The children's effects ran first: the unauthorized handler is set and the notifier and the
  // progress moments are listening before anything waiting on the runtime goes on.
  useEffect(() => onStarted(), [onStarted]);
  return (
    <>
      <SignOutOnUnauthorized />
      <Notifier />
      <ProgressMoments />
      <AddExpense />
    </>
  );
}

/** The runtime's element, for the slot that mounts it once this module has loaded. */
export const renderRuntime = (onStarted: () => void) => <SessionRuntime onStarted={onStarted} />;
