// The onboarding tour's rules (SPEC 3 "Goals", SPEC 4 "Onboarding"): its goals, its steps, when
// Next may be pressed and when the tour shows. Pure: the caller passes the state it knows.

/** The spec's five onboarding goals, in its order. */
export const ONBOARDING_GOALS = [
  'Save for a big purchase',
  'Track and reduce spending',
  'Build an emergency fund',
  'Learn budgeting basics',
  'Improve financial habits',
] as const;
export type OnboardingGoal = (typeof ONBOARDING_GOALS)[number];

/**
 * Goals saved by Home's former three-goal list (the spec's "Home modal" goals), read as the one
 * list's goal they meant: there is a single list of goals, the tour's five (docs/decisions.md).
 */
const EARLIER_GOALS: Readonly<Record<string, OnboardingGoal>> = {
  'Track Spending': 'Track and reduce spending',
  'Reduce Expenses': 'Track and reduce spending',
};

/** The stored goal as the list names it; a goal from outside the list is kept as written. */
export function goalAsListed(stored: string | null): string | null {
  if (stored === null) return null;
  return EARLIER_GOALS[stored] ?? stored;
}

/** Onboarding completes with this goal when none was chosen, and 'Skip Tutorial' saves it. */
export const DEFAULT_ONBOARDING_GOAL: OnboardingGoal = 'Track and reduce spending';

/** The spec's four steps, in order. */
export const ONBOARDING_STEPS = ['welcome', 'features', 'goal', 'navigation'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

/** The spec's delay between the page's load and the tour showing. */
export const ONBOARDING_DELAY_MS = 500;

/** Next is disabled on goal-setting until a goal is chosen; the other steps always go on. */
export function canGoNext(step: OnboardingStep, goal: OnboardingGoal | null): boolean {
  return step !== 'goal' || goal !== null;
}

/** The goal the tour completes with: the chosen one, else the default. */
export function completedGoal(goal: OnboardingGoal | null): OnboardingGoal {
  return goal ?? DEFAULT_ONBOARDING_GOAL;
}

export interface OnboardingGate {
  signedIn: boolean;
  /** The session's new-user state (set on sign-in while the stored flag is missing). */
  required: boolean;
  /** The stored onboarding_completed flag. */
  completed: boolean;
  /** Whether the current route is the Quests page ('/' or its alias '/quests'). */
  onQuestsRoute: boolean;
}

/** The tour shows to a signed-in new user who has not completed it, on the Quests route only. */
export function shouldShowOnboarding(g: OnboardingGate): boolean {
  return g.signedIn && g.required && !g.completed && g.onQuestsRoute;
}
