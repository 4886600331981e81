// Shows the onboarding tour (its own chunk) ONBOARDING_DELAY_MS after the Quests page has loaded,
// to a signed-in new user who has not completed it. Mounted by the signed-in layout.
import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { onboardingCompletedAtom, onboardingRequiredAtom } from '@/lib/atoms';
import { expenseModalOpenAtom, tokenAtom } from '@/lib/shell-atoms';
import { ROUTES } from '@/lib/routes';
import { ONBOARDING_DELAY_MS, shouldShowOnboarding } from '@/domain/onboarding';
import { useRouteCodeLoading } from './lazy-page';

const loadDialog = () => import('@/features/onboarding/onboarding-dialog');
const OnboardingDialog = lazy(loadDialog);
const QUESTS_PATHS: readonly string[] = [ROUTES.quests, ROUTES.questsAlias];

export function OnboardingGate() {
  const { pathname } = useLocation();
  const pageLoaded = !useRouteCodeLoading();
  const signedIn = Boolean(useAtomValue(tokenAtom));
  const required = useAtomValue(onboardingRequiredAtom);
  const completed = useAtomValue(onboardingCompletedAtom);
  const expenseOpen = useAtomValue(expenseModalOpenAtom);
  const onQuestsRoute = QUESTS_PATHS.includes(pathname);
  const due =
    shouldShowOnboarding({ signedIn, required, completed, onQuestsRoute }) && pageLoaded && !expenseOpen;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!due) return;
    // Fetched now, so the dialog is ready when the delay ends.
    void loadDialog().catch((err: unknown) => console.error('The onboarding tour failed to load', err));
    const timer = window.setTimeout(() => setShown(true), ONBOARDING_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      // Leaving Quests (or finishing) restarts the delay for the next visit.
      setShown(false);
    };
  }, [due]);

  if (!due || !shown) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingDialog />
    </Suspense>
  );
}
