// The Learn path (issue 34): the server builds each round, keeps its answers until the player has
// answered, marks each answer, pays a perfect lesson once per account and a perfect Review once a
// day, and schedules missed questions 1, 3 and 7 days out on its own clock. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer } from '../support/server';
import { CHECK_QUESTIONS, LESSONS } from '../../server/services/learn-bank';
import { addDays } from '../../src/domain/learn-schedule';
import type { AnswerVerdict, AttemptView, LearnOverview } from '../../src/domain/learn';
import type { ProgressState, RewardNotice } from '../../src/domain/progress-events';

let s: Awaited<ReturnType<typeof createTestServer>>;
beforeAll(async () => {
  s = await createTestServer({ now: new Date('2025-03-15T12:00:00Z'), env: { TOKEN_TTL_HOURS: '2000' } });
});
afterAll(() => s.close());

const DAY = 86_400_000;
const later = (days: number) => s.clock.set(new Date(s.clock.now().getTime() + days * DAY));

type Verdict = AnswerVerdict & {
  reward: RewardNotice | null;
  progress: ProgressState | null;
  error?: string;
};
const overview = async (token: string) =>
  (await s.req<LearnOverview>('GET', '/api/learn', undefined, token)).body;
const start = (token: string, body: Record<string, unknown>) =>
  s.req<AttemptView & { error?: string }>('POST', '/api/learn/attempts', body, token);
const answer = (token: string, attemptId: string, question: number, choice: number) =>
  s.req<Verdict>('POST', '/api/learn/answers', { attemptId, question, choice }, token);
const progress = async (token: string) =>
  (await s.req<ProgressState>('GET', '/api/progress', undefined, token)).body;

/** The right choice's text for a general bank question, by its prompt (as a reader of the lesson knows it). */
const BANK = [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS];
function rightIndex(q: AttemptView['questions'][number]): number {
  const bank = BANK.find((b) => b.prompt === q.prompt);
  if (!bank) throw new Error(`not a general question: ${q.prompt}`);
  return q.choices.indexOf(bank.choices[bank.answer]!);
}
const wrongIndex = (q: AttemptView['questions'][number]) => (rightIndex(q) === 0 ? 1 : 0);

/** Answers a round: right everywhere except the question indexes in `miss`. */
async function play(token: string, round: AttemptView, miss: number[] = []) {
  const verdicts: Verdict[] = [];
  for (const [i, q] of round.questions.entries()) {
    const res = await answer(token, round.attemptId, i, miss.includes(i) ? wrongIndex(q) : rightIndex(q));
    expect(res.status).toBe(200);
    verdicts.push(res.body);
  }
  return verdicts;
}

async function takeCheck(token: string, miss: number[] = []) {
  const round = await start(token, { kind: 'check', stage: 'before' });
  expect(round.status).toBe(200);
  return play(token, round.body, miss);
}

async function lesson(token: string, n: number, miss: number[] = []) {
  const round = await start(token, { kind: 'lesson', lessonId: LESSONS[n - 1]!.id });
  expect(round.status).toBe(200);
  return { round: round.body, verdicts: await play(token, round.body, miss) };
}

describe('the path', () => {
  it('when a new player opens Learn, then 10 lessons are locked behind the knowledge check', async () => {
    const token = await s.register();
    const o = await overview(token);
    expect(o.lessons).toHaveLength(10);
    expect(o.lessons.every((l) => l.status === 'locked')).toBe(true);
    expect(o.check).toEqual({ before: null, after: null, total: 8, next: 'before' });
    expect(o.review.due).toBe(0);
    const locked = await start(token, { kind: 'lesson', lessonId: 'the-method' });
    expect(locked.status).toBe(409);
    expect(locked.body.error).toBe('Take the knowledge check before the first lesson');
  });

  it('when the knowledge check is taken, then its score is kept, lesson 1 opens and the check cannot be taken again', async () => {
    const token = await s.register();
    const verdicts = await takeCheck(token, [1, 4, 6]);
    expect(verdicts.map((v) => v.correct)).toEqual([true, false, true, true, false, true, false, true]);
    expect(verdicts.at(-1)).toMatchObject({ done: true, result: { right: 5, total: 8, paid: false } });
    const o = await overview(token);
    expect(o.check).toMatchObject({ before: 5, after: null, next: null });
    expect(o.lessons.map((l) => l.status).slice(0, 2)).toEqual(['open', 'locked']);
    expect((await start(token, { kind: 'check', stage: 'before' })).status).toBe(409);
    expect((await start(token, { kind: 'check', stage: 'after' })).body.error).toBe(
      'The final knowledge check opens after the last lesson',
    );
  });

  it('when a round starts, then the browser gets prompts and choices but no answer or explanation', async () => {
    const token = await s.register();
    await takeCheck(token);
    const round = await start(token, { kind: 'lesson', lessonId: 'the-method' });
    expect(round.body.cards.length).toBeGreaterThanOrEqual(3);
    expect(round.body.questions).toHaveLength(3);
    for (const q of round.body.questions)
      expect(Object.keys(q).sort()).toEqual(['choices', 'id', 'personal', 'prompt']);
    const raw = JSON.stringify(round.body);
    for (const q of LESSONS[0]!.questions) expect(raw).not.toContain(q.explanation);
    expect(raw).not.toMatch(/"answer"|"explanation"/);
    // Only the answer brings the right choice and the explanation back.
    const first = await answer(token, round.body.attemptId, 0, wrongIndex(round.body.questions[0]!));
    expect(first.body).toMatchObject({
      correct: false,
      answer: rightIndex(round.body.questions[0]!),
      explanation: LESSONS[0]!.questions[0]!.explanation,
      done: false,
    });
    expect((await answer(token, round.body.attemptId, 0, 0)).status).toBe(409);
  });

  it('when lesson 1 is answered all right, then it completes the Financial Guru quest and pays the lesson once', async () => {
    const token = await s.register();
    await takeCheck(token);
    const before = await progress(token);
    const { verdicts } = await lesson(token, 1);
    const last = verdicts.at(-1)!;
    expect(last.result).toEqual({
      right: 3,
      total: 3,
      paid: true,
      text: '3 of 3 right. +50 XP +5 lives \u00b7 Financial Guru quest completed. +20 XP \u00b7 lesson 1 passed: The 50/30/20 Budgeting Method',
    });
    expect(last.reward).toMatchObject({ xp: 70, lives: 5 });
    expect(last.progress).toMatchObject({ xp: before.xp + 70, lives: 5 });
    const after = await progress(token);
    expect(after.quests['financial-guru']).toMatchObject({ completed: true });
    const lines = after.history.map((h) => h.text);
    expect(lines).toContain('+20 XP \u00b7 lesson 1 passed: The 50/30/20 Budgeting Method');
    expect(lines).toContain('+50 XP +5 lives \u00b7 quest completed');
    expect((await overview(token)).lessons[0]).toMatchObject({ status: 'finished', perfect: true });
    expect((await overview(token)).lessons[1]!.status).toBe('open');

    const again = await lesson(token, 1);
    expect(again.verdicts.at(-1)).toMatchObject({
      reward: null,
      result: { right: 3, paid: false, text: '3 of 3 right. This lesson\u2019s reward was paid already.' },
    });
    expect((await progress(token)).xp).toBe(after.xp);
  });

  it('when a lesson has a wrong answer, then it pays nothing, still unlocks the next, and a perfect retry pays once', async () => {
    const token = await s.register();
    await takeCheck(token);
    await lesson(token, 1);
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body;
    const row = await s.db('progress').where({ user_id: me.id }).first('state');
    await s
      .db('progress')
      .where({ user_id: me.id })
      .update({ state: JSON.stringify({ ...JSON.parse(row.state as string), lives: 1 }) });
    const xp = (await progress(token)).xp;
    const missed = await lesson(token, 2, [0]);
    expect(missed.verdicts.at(-1)).toMatchObject({
      reward: null,
      result: { right: 2, total: 3, paid: false },
    });
    expect((await overview(token)).lessons[2]!.status).toBe('open');
    const retry = await lesson(token, 2);
    expect(retry.verdicts.at(-1)!.reward).toMatchObject({ xp: 20, lives: 2 });
    expect(await progress(token)).toMatchObject({ xp: xp + 20, lives: 3 });
    expect((await lesson(token, 2)).verdicts.at(-1)!.reward).toBeNull();
    expect((await progress(token)).xp).toBe(xp + 20);
  });
});

describe('the daily Review', () => {
  it('when a lesson question is missed, then it comes back 1 day later, then 3, then 7, and leaves when learned', async () => {
    const token = await s.register();
    await takeCheck(token);
    await lesson(token, 1);
    const { round } = await lesson(token, 2, [1]);
    const missedId = round.questions[1]!.id;
    expect((await overview(token)).review).toMatchObject({ due: 0, nextDue: '2025-03-16' });
    expect((await start(token, { kind: 'review' })).body.error).toBe('No review is due today');

    for (const wait of [1, 3, 7]) {
      later(wait - 1);
      expect((await overview(token)).review.due).toBe(0);
      later(1);
      const review = await start(token, { kind: 'review' });
      expect(review.status).toBe(200);
      expect(review.body.questions.map((q) => q.id)).toEqual([missedId]);
      await play(token, review.body);
    }
    expect((await overview(token)).review).toMatchObject({ due: 0, nextDue: null });
  });

  it('when a Review card is missed again, then it starts over the next day', async () => {
    const token = await s.register();
    await takeCheck(token);
    await lesson(token, 1, [2]);
    later(1);
    const review = await start(token, { kind: 'review' });
    const v = await play(token, review.body, [0]);
    expect(v.at(-1)).toMatchObject({ reward: null, result: { right: 0, total: 1, paid: false } });
    expect((await overview(token)).review.nextDue).toBe(addDays(s.clock.now().toISOString().slice(0, 10), 1));
  });

  it('when two Reviews are all right on one day, then only the first pays its XP', async () => {
    const token = await s.register();
    await takeCheck(token);
    await lesson(token, 1);
    for (const n of [2, 3, 4, 5]) await lesson(token, n, [0, 1, 2]); // 12 missed: more than one Review holds
    later(1);
    const xp = (await progress(token)).xp;
    const first = await start(token, { kind: 'review' });
    expect(first.body.questions).toHaveLength(10);
    const paid = (await play(token, first.body)).at(-1)!;
    expect(paid.reward).toMatchObject({ xp: 15, lives: 0 });
    expect((await progress(token)).history[0]!.text).toBe('+15 XP \u00b7 daily review all right');
    const second = await start(token, { kind: 'review' });
    expect(second.body.questions).toHaveLength(2);
    const unpaid = (await play(token, second.body)).at(-1)!;
    expect(unpaid).toMatchObject({ reward: null, result: { paid: false } });
    expect((await progress(token)).xp).toBe(xp + 15);
    expect((await overview(token)).review.paidToday).toBe(true);
  });
});

describe('questions about the player’s own money', () => {
  it('when a player has expenses and a stated income, then lessons 2 and 8 ask about them and mark from their numbers', async () => {
    const token = await s.register();
    const add = (amount: number, category: string, name: string, date: string) =>
      s.req('POST', '/api/transactions/manual', { amount, category, name, date }, token);
    expect((await add(1000, 'Need', 'Rent', '2025-02-03T10:00:00Z')).status).toBe(201);
    expect((await add(300, 'Want', 'Concert tickets', '2025-02-10T10:00:00Z')).status).toBe(201);
    expect((await add(14.2, 'Want', 'Harbor Grill', '2025-03-14T19:00:00Z')).status).toBe(201);
    const events = [
      { type: 'setting', key: 'budget_income', value: '2000' },
      { type: 'setting', key: 'budget_frequency', value: 'monthly' },
    ].map((e) => ({ ...e, id: crypto.randomUUID(), at: s.clock.now().getTime() }));
    expect((await s.req('POST', '/api/progress/events', { events }, token)).status).toBe(200);
    await takeCheck(token);
    await lesson(token, 1);

    const two = await start(token, { kind: 'lesson', lessonId: 'needs-wants' });
    const mine = two.body.questions[2]!;
    expect(mine).toMatchObject({
      personal: true,
      prompt: 'Was your $14.20 at Harbor Grill a Need or a Want?',
      choices: ['Need', 'Want'],
    });
    await play(token, { ...two.body, questions: two.body.questions.slice(0, 2) });
    const verdict = (await answer(token, two.body.attemptId, 2, 1)).body;
    expect(verdict).toMatchObject({ correct: true, answer: 1 });
    expect(verdict.explanation).toMatch(/^Eating out is a Want/);

    for (const n of [3, 4, 5, 6, 7]) await lesson(token, n);
    const eight = await start(token, { kind: 'lesson', lessonId: 'your-view' });
    const share = eight.body.questions[2]!;
    // Last month: Wants $300 of a stated $2,000 a month = 15%.
    expect(share).toMatchObject({
      personal: true,
      prompt: 'What share of your income went to Wants last month?',
      choices: ['5%', '15%', '25%', '35%'],
    });
    await play(token, { ...eight.body, questions: eight.body.questions.slice(0, 2) });
    const marked = (await answer(token, eight.body.attemptId, 2, 0)).body;
    expect(marked).toMatchObject({ correct: false, answer: 1 });
    expect(marked.explanation).toBe(
      'Last month your Wants came to $300.00 of $2,000.00 (your stated income): 15%. The method’s target is 30% at most.',
    );
  });

  it('when a player has no money data, then the general questions are asked', async () => {
    const token = await s.register();
    await takeCheck(token);
    await lesson(token, 1);
    const two = await start(token, { kind: 'lesson', lessonId: 'needs-wants' });
    expect(two.body.questions[2]).toMatchObject({
      personal: false,
      prompt: LESSONS[1]!.questions[2]!.prompt,
    });
  });
});

describe('the final check and a new device', () => {
  it('when every lesson is finished, then the final check opens and both scores come back on another sign-in', async () => {
    const email = `learner-${Date.now()}@example.com`;
    const token = await s.register(email);
    await takeCheck(token, [0, 1, 2]);
    for (let n = 1; n <= 10; n++) await lesson(token, n);
    expect((await overview(token)).check.next).toBe('after');
    const final = await start(token, { kind: 'check', stage: 'after' });
    await play(token, final.body);
    const other = await s.req<{ token: string }>('POST', '/api/auth/login', { email, password: 'secret123' });
    const o = await overview(other.body.token);
    expect(o.check).toEqual({ before: 5, after: 8, total: 8, next: null });
    expect(o.lessons.every((l) => l.status === 'finished' && l.perfect)).toBe(true);
  });
});

describe('one player’s rounds are theirs', () => {
  it('when another player answers with a round id that is not theirs, then it is refused and the owner’s round is untouched', async () => {
    const owner = await s.register();
    const other = await s.register();
    await takeCheck(owner);
    const round = await start(owner, { kind: 'lesson', lessonId: 'the-method' });
    const before = await s.db('learn_state').select('user_id', 'state').orderBy('user_id');
    const stolen = await answer(other, round.body.attemptId, 0, 0);
    expect(stolen.status).toBe(409);
    expect(stolen.body.error).toBe('This round has ended: start it again');
    const after = await s.db('learn_state').select('user_id', 'state').orderBy('user_id');
    expect(after.filter((r) => before.some((b) => b.user_id === r.user_id))).toEqual(before);
    expect(
      (await answer(owner, round.body.attemptId, 0, rightIndex(round.body.questions[0]!))).body.correct,
    ).toBe(true);
    expect((await overview(other)).check.before).toBeNull();
  });
});

describe('bad input', () => {
  it('when a request is malformed, then it is refused with a 4xx and a clear error', async () => {
    const token = await s.register();
    await takeCheck(token);
    const round = (await start(token, { kind: 'lesson', lessonId: 'the-method' })).body;
    const cases: [Record<string, unknown>, string, number][] = [
      [{ kind: 'lesson', lessonId: 'nope' }, 'attempts', 400],
      [{ kind: 'lesson', lessonId: 'the-\u0000method' }, 'attempts', 400],
      [{ kind: 'lesson' }, 'attempts', 400],
      [{ kind: 'quiz' }, 'attempts', 400],
      [{ kind: 'review', extra: 1 }, 'attempts', 400],
      [{ kind: 'check', stage: 'during' }, 'attempts', 400],
      [{ attemptId: round.attemptId, question: 0, choice: 4 }, 'answers', 400],
      [{ attemptId: round.attemptId, question: 0, choice: -1 }, 'answers', 400],
      [{ attemptId: round.attemptId, question: 0.5, choice: 0 }, 'answers', 400],
      [{ attemptId: round.attemptId, question: 0, choice: '1' }, 'answers', 400],
      [{ attemptId: round.attemptId, question: 5, choice: 0 }, 'answers', 400],
      [{ attemptId: 'not-a-uuid', question: 0, choice: 0 }, 'answers', 400],
      [{ question: 0, choice: 0 }, 'answers', 400],
      [{ attemptId: crypto.randomUUID(), question: 0, choice: 0 }, 'answers', 409],
    ];
    for (const [body, path, status] of cases) {
      const res = await s.req<{ error?: string }>('POST', `/api/learn/${path}`, body, token);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), status]);
      expect(typeof res.body.error).toBe('string');
    }
    // A two-choice question refuses a third choice.
    await play(token, round);
    const two = (await start(token, { kind: 'lesson', lessonId: 'needs-wants' })).body;
    const res = await answer(token, two.attemptId, 0, 2);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Choose one of the 2 answers');
    expect((await s.req('GET', '/api/learn')).status).toBe(401);
    expect(
      (await s.req('POST', '/api/learn/answers', { attemptId: round.attemptId, question: 0, choice: 0 }))
        .status,
    ).toBe(401);
  });
});
