// The Learn path (issue 34) as a new player meets it: the knowledge check, lesson 1 with one
// wrong answer and its explanation, a perfect retry paid once, and the missed question back in
// the next day's Review (the page's clock, which the server follows). Screenshots of every screen
// go to /tmp/i34-shots.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { LearnPage } from './pages/learn-page';
import { serverFollowsPageClock } from '../support/browser/clock';
import { learnViaApi } from '../support/browser/learn';
import { CHECK_QUESTIONS, LESSONS } from '../../server/services/learn-bank';

const SHOTS = '/tmp/i34-shots';
const BANK = [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS];

test.use({ session: 'signed-in', timezoneId: 'UTC', progress: { user_xp: '0', userGoal: 'Track Spending' } });

/** The right answer's index on screen, read from the lesson's own text. */
async function rightIndex(learn: LearnPage): Promise<number> {
  const prompt = await learn.prompt();
  const q = BANK.find((b) => b.prompt === prompt);
  if (!q) throw new Error(`unknown question: ${prompt}`);
  const index = (await learn.choices()).indexOf(q.choices[q.answer]!);
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}

test('when a new player takes the check and lesson 1, then a missed question comes back in the next day’s Review', async ({
  page,
  quests,
  profile,
}, info) => {
  // Viewport shots (the status bar and navigation are sticky, a full-page shot misplaces them).
  const shot = (name: string) => page.screenshot({ path: `${SHOTS}/${info.project.name}-${name}.png` });
  await page.clock.install({ time: Date.now() });
  await serverFollowsPageClock(page);
  const learn = new LearnPage(page);

  // Quests leads to Learn.
  await quests.goto();
  await quests.section('Learn the 50/30/20 method').getByRole('link', { name: 'Open Learn' }).click();
  await learn.waitToLoad();
  await expect(learn.lesson('The 50/30/20 Budgeting Method')).toContainText(
    'Locked: take the knowledge check first.',
  );
  await shot('01-path-new');

  // The knowledge check: 8 questions, two of them missed.
  await learn.link('Take the knowledge check').click();
  await expect(learn.heading('Knowledge Check')).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await expect(page.getByText(`Question ${i + 1} of 8`)).toBeVisible();
    const right = await rightIndex(learn);
    if (i === 0) await shot('02-check-question');
    if (i < 2) await learn.pressAnswer(right === 0 ? 1 : 0);
    else await learn.pressAnswer(right);
    await learn.button(i === 7 ? 'See your result' : 'Next question').click();
  }
  await expect(learn.step).toHaveText('Knowledge check finished');
  await expect(page.getByRole('main')).toContainText('6 of 8 right.');
  await shot('03-check-result');
  await learn.link('Back to Learn').click();
  await expect(learn.lesson('The 50/30/20 Budgeting Method')).toContainText('Open');

  // Lesson 1: its cards, then three questions, the first answered wrong.
  await learn.lesson('The 50/30/20 Budgeting Method').getByRole('link', { name: 'Start lesson 1' }).click();
  const cards = LESSONS[0]!.cards;
  for (const [i, card] of cards.entries()) {
    await expect(page.getByText(`Card ${i + 1} of ${cards.length}`)).toBeVisible();
    await expect(learn.step).toHaveText(card.heading);
    await expect(learn.step).toBeFocused();
    await shot(`04-lesson-card-${i + 1}`);
    await learn.button(i === cards.length - 1 ? 'Start the questions' : 'Next').click();
  }
  const missedPrompt = await learn.prompt();
  const right = await rightIndex(learn);
  await learn.clickAnswer(right === 0 ? 1 : 0);
  await expect(learn.verdict).toContainText('Not quite.');
  await expect(learn.verdict).toContainText(
    LESSONS[0]!.questions.find((q) => q.prompt === missedPrompt)!.explanation,
  );
  await expect(learn.answers.nth(right)).toContainText('Right answer');
  await expect(learn.page.getByRole('button', { name: /Your answer/ })).toBeVisible();
  await expect(learn.button('Next question')).toBeFocused();
  await shot('05-lesson-wrong-answer');
  await page.keyboard.press('Enter');
  for (let i = 1; i < 3; i++) {
    await learn.pressAnswer(await rightIndex(learn));
    await expect(learn.verdict).toContainText('Right!');
    if (i === 1) await shot('06-lesson-right-answer');
    await learn.button(i === 2 ? 'See your result' : 'Next question').click();
  }
  await expect(learn.step).toHaveText('Lesson finished');
  await expect(page.getByRole('main')).toContainText(
    '2 of 3 right. +50 XP +5 lives \u00b7 Financial Guru quest completed. Answer all three right',
  );
  await shot('07-lesson-result-missed');

  // A perfect retry pays the lesson once; a second perfect retry pays nothing.
  for (const attempt of [1, 2]) {
    await learn.button('Try again').click();
    for (let i = 0; i < cards.length; i++)
      await learn.button(i === cards.length - 1 ? 'Start the questions' : 'Next').click();
    for (let i = 0; i < 3; i++) {
      await learn.pressAnswer(await rightIndex(learn));
      await learn.button(i === 2 ? 'See your result' : 'Next question').click();
    }
    await expect(page.getByRole('main')).toContainText(
      attempt === 1
        ? '3 of 3 right. +20 XP \u00b7 lesson 1 passed: The 50/30/20 Budgeting Method'
        : '3 of 3 right. This lesson\u2019s reward was paid already.',
    );
    if (attempt === 1) await shot('08-lesson-result-paid');
  }
  await learn.link('Back to Learn').click();
  await expect(learn.lesson('The 50/30/20 Budgeting Method')).toContainText('Finished, all right');
  await expect(learn.lesson('Needs versus Wants')).toContainText('Open');
  await expect(page.getByRole('region', { name: 'Daily Review' })).toContainText('Nothing to review today.');
  await shot('09-path-after-lesson');

  // The next day: the Quests page shows the Review, which asks the missed question again.
  await page.clock.fastForward('24:00:00');
  await quests.goto();
  const review = quests.section('Daily Review');
  await expect(review).toContainText('1 question you missed is back for review.');
  await review.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot('10-quests-review-card');
  await review.getByRole('link', { name: 'Start Review' }).click();
  await expect(learn.heading('Daily Review')).toBeVisible();
  expect(await learn.prompt()).toBe(missedPrompt);
  await shot('11-review-question');
  await learn.pressAnswer(await rightIndex(learn));
  await learn.button('See your result').click();
  await expect(page.getByRole('main')).toContainText('1 of 1 right. +15 XP \u00b7 daily review all right');
  await shot('12-review-result');

  // Profile: the check's score and what each lesson and review paid, once.
  await profile.goto();
  await expect(page.getByRole('region', { name: 'Knowledge check' })).toContainText(
    '6 of 8 before the lessons',
  );
  const history = page.getByRole('list', { name: 'Last XP and lives changes, newest first' });
  await expect(history.getByText('+20 XP \u00b7 lesson 1 passed: The 50/30/20 Budgeting Method')).toHaveCount(
    1,
  );
  await expect(history.getByText('+15 XP \u00b7 daily review all right')).toHaveCount(1);
  await expect(history.getByText('+50 XP +5 lives \u00b7 quest completed')).toHaveCount(1);
  await page
    .getByRole('region', { name: 'Knowledge check' })
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot('13-profile');
});

test('when lessons are still locked, then Home leads to Learn and a locked lesson has no Start', async ({
  page,
  home,
}) => {
  await home.goto();
  await page
    .getByRole('region', { name: 'Learn the 50/30/20 method' })
    .getByRole('link', { name: 'Open Learn' })
    .click();
  const learn = new LearnPage(page);
  await learn.waitToLoad();
  await expect(learn.lesson('Needs versus Wants')).toContainText('Locked: finish lesson 1 first.');
  await expect(learn.lesson('Needs versus Wants').getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(5);
});

async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('when a player who asked for less motion takes a round, then steps do not animate and axe finds no violations', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const learn = new LearnPage(page);
  await learn.goto();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(page);
  await learn.link('Take the knowledge check').click();
  await expect(page.getByText('Question 1 of 8')).toBeVisible();
  const step = page.locator('.learn-step');
  expect(await step.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await learn.clickAnswer(0);
  await expectNoViolations(page);
  for (let i = 1; i < 8; i++) {
    await learn.button('Next question').click();
    await learn.pressAnswer(0);
  }
  await learn.button('See your result').click();
  await learn.link('Back to Learn').click();
  await learn.lesson('The 50/30/20 Budgeting Method').getByRole('link', { name: 'Start lesson 1' }).click();
  await expect(page.getByText('Card 1 of 4')).toBeVisible();
  await expectNoViolations(page);
});

test.describe('a player with a bank', () => {
  test.use({ session: 'bank-linked' });

  test('when lesson 2 is opened, then it asks about one of their own merchants and explains the verdict', async ({
    page,
    request,
    user,
  }, info) => {
    await learnViaApi(request, user.token, 1);
    const learn = new LearnPage(page);
    await learn.goto();
    await learn.lesson('Needs versus Wants').getByRole('link', { name: 'Start lesson 2' }).click();
    for (let i = 0; i < 4; i++) await learn.button(i === 3 ? 'Start the questions' : 'Next').click();
    for (let i = 0; i < 2; i++) {
      await learn.pressAnswer(0);
      await learn.button('Next question').click();
    }
    await expect(page.getByText('Question 3 of 3 · about your own money')).toBeVisible();
    await expect(learn.step).toHaveText(/^Was your \$\d[\d,]*\.\d\d at .+ a Need or a Want\?$/);
    expect(await learn.choices()).toEqual(['Need', 'Want']);
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-14-personal-question.png` });
    await learn.pressAnswer(1);
    await expect(learn.verdict).toContainText(
      /(Eating out|Groceries|Housing and utilities|Streaming and entertainment) (is|are)( an?)? (Need|Want)s?:/,
    );
    await page.screenshot({ path: `${SHOTS}/${info.project.name}-15-personal-verdict.png` });
  });
});
