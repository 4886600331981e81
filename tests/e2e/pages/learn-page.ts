// Page object of /learn (issue 34): the path, and a round's cards, questions and verdicts.
import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './base-page';

export class LearnPage extends BasePage {
  readonly route = '/learn';
  protected readonly ready: Locator;
  /** The heading of the current step: a card's, a question's prompt, or the result's. */
  readonly step: Locator;
  readonly verdict: Locator;
  readonly answers: Locator;

  constructor(page: Page) {
    super(page);
    this.ready = this.heading('Learn');
    this.step = page.getByRole('main').getByRole('heading', { level: 2 }).first();
    this.verdict = page.locator('.learn-verdict[role="status"]');
    this.answers = page.getByRole('list', { name: 'Answers' }).getByRole('button');
  }

  lesson(title: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  button(name: string): Locator {
    return this.page.getByRole('main').getByRole('button', { name, exact: true });
  }

  link(name: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name, exact: true });
  }

  /** The prompt of the question on screen. */
  async prompt(): Promise<string> {
    await expect(this.answers.first()).toBeVisible();
    return (await this.step.textContent()) ?? '';
  }

  /** Answers with the number key of choice `index` (0-based), then waits for the verdict. */
  async pressAnswer(index: number): Promise<void> {
    await this.page.keyboard.press(String(index + 1));
    await expect(this.verdict).toContainText(/Right!|Not quite\./);
  }

  async clickAnswer(index: number): Promise<void> {
    await this.answers.nth(index).click();
    await expect(this.verdict).toContainText(/Right!|Not quite\./);
  }

  /** The answers' texts, without their number keys. */
  async choices(): Promise<string[]> {
    return this.page.locator('.learn-choice-text').allTextContents();
  }
}
