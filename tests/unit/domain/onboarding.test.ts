import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_GOALS,
  ONBOARDING_STEPS,
  canGoNext,
  completedGoal,
  goalAsListed,
  shouldShowOnboarding,
  type OnboardingGate,
} from '@/domain/onboarding';

describe('onboarding steps', () => {
  it('when on goal-setting without a goal, then Next is disabled; with one, it is enabled', () => {
    expect(canGoNext('goal', null)).toBe(false);
    for (const goal of ONBOARDING_GOALS) expect(canGoNext('goal', goal)).toBe(true);
  });

  it('when on any other step, then Next is enabled with or without a goal', () => {
    for (const step of ONBOARDING_STEPS.filter((s) => s !== 'goal')) expect(canGoNext(step, null)).toBe(true);
  });

  it('when no goal was chosen, then it completes with "Track and reduce spending"; else with the choice', () => {
    expect(completedGoal(null)).toBe('Track and reduce spending');
    expect(completedGoal('Build an emergency fund')).toBe('Build an emergency fund');
  });
});

describe('when the tour shows', () => {
  const due: OnboardingGate = { signedIn: true, required: true, completed: false, onQuestsRoute: true };

  it('when a signed-in new user without the flag is on Quests, then it shows', () => {
    expect(shouldShowOnboarding(due)).toBe(true);
  });

  it.each<[string, Partial<OnboardingGate>]>([
    ['signed out', { signedIn: false }],
    ['not a new user', { required: false }],
    ['already completed', { completed: true }],
    ['on another page', { onQuestsRoute: false }],
  ])('when %s, then it does not show', (_, change) => {
    expect(shouldShowOnboarding({ ...due, ...change })).toBe(false);
  });
});

describe('goalAsListed (one list of goals, issue 25)', () => {
  it("when a goal from Home's former list is stored, then it reads as the listed goal it meant", () => {
    expect(goalAsListed('Track Spending')).toBe('Track and reduce spending');
    expect(goalAsListed('Reduce Expenses')).toBe('Track and reduce spending');
    expect(ONBOARDING_GOALS).toContain(goalAsListed('Track Spending'));
  });

  it('when a listed goal, no goal or some other text is stored, then it is kept as it is', () => {
    for (const g of ONBOARDING_GOALS) expect(goalAsListed(g)).toBe(g);
    expect(goalAsListed(null)).toBeNull();
    expect(goalAsListed('Buy a boat')).toBe('Buy a boat');
  });
});
