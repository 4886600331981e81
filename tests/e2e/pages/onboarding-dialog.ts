// Page object of the onboarding tour: one dialog whose name is the current step's title.
import type { Locator, Page } from '@playwright/test';

export const ONBOARDING_TITLES = [
  'Welcome to Budget Quest!',
  'What you can do',
  'Choose your goal',
  'Finding your way',
] as const;

export type OnboardingGoalName =
  | 'Save for a big purchase'
  | 'Track and reduce spending'
  | 'Build an emergency fund'
  | 'Learn budgeting basics'
  | 'Improve financial habits';

export class OnboardingDialog {
  /** The tour, whatever its step. */
  readonly dialog: Locator;
  readonly next: Locator;
  readonly back: Locator;
  readonly skip: Locator;
  readonly getStarted: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog').filter({ hasText: /Step \d of 4/ });
    this.next = this.dialog.getByRole('button', { name: 'Next' });
    this.back = this.dialog.getByRole('button', { name: 'Back' });
    this.skip = this.dialog.getByRole('button', { name: 'Skip Tutorial' });
    this.getStarted = this.dialog.getByRole('button', { name: 'Get Started' });
  }

  /** The tour at step `n` (1 to 4), named by that step's title. */
  step(n: 1 | 2 | 3 | 4): Locator {
    return this.page.getByRole('dialog', { name: ONBOARDING_TITLES[n - 1] });
  }

  heading(n: 1 | 2 | 3 | 4): Locator {
    return this.step(n).getByRole('heading', { name: ONBOARDING_TITLES[n - 1] });
  }

  goal(name: OnboardingGoalName): Locator {
    return this.dialog.getByRole('radio', { name });
  }

  goals(): Locator {
    return this.dialog.getByRole('radio');
  }
}
