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
