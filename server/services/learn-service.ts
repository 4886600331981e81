// The Learn path (issue 34): it builds each round of questions (lesson, daily Review, knowledge
// check) on the server, keeps the answers there, marks each answer with a short explanation, and
// pays through the referee in the same database transaction as the answer that earned it: a
// lesson answered all right pays LESSON_REWARD once per account, a Review all right pays
// REVIEW_REWARD once a day. Lesson 1 is the Financial Guru article: finishing it completes that
// quest as the article's button does (paid once per account). Missed lesson questions go into
// the Review's Leitner schedule; the day is the player's own (their time zone).
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { conflict, badRequest } from '../lib/errors';
import { learnRepo, type LearnState, type MoneyRow, type StoredAttempt } from '../repositories/learn-repo';
import { progressRepo } from '../repositories/progress-repo';
import { unitOfWork, type Tx } from '../repositories/unit-of-work';
import { notice, type ProgressService } from './progress-service';
import { parseCategory } from './transaction-shape';
import {
  CHECK_QUESTIONS,
  LESSONS,
  arranged,
  lessonById,
  lessonOfQuestion,
  questionById,
  type BankQuestion,
} from './learn-bank';
import {
  LESSON_REWARD,
  REVIEW_REWARD,
  lessonStatuses,
  nextCheck,
  type AnswerVerdict,
  type AttemptView,
  type CheckStage,
  type LearnOverview,
} from '../../src/domain/learn';
import {
  addDays,
  dueQuestions,
  nextDueDay,
  scheduleMissed,
  scheduleReviewed,
} from '../../src/domain/learn-schedule';
import {
  merchantQuestion,
  wantsShareQuestion,
  type BuiltQuestion,
  type LearnTx,
} from '../../src/domain/learn-personal';
import {
  NONE,
  completeQuestNow,
  dayIn,
  describeChange,
  join,
  pay,
  recordHistory,
  type Applied,
} from '../../src/domain/referee';
import {
  checkYearlyIncomeBudget,
  parseBudgetFrequency,
  parseBudgetIncome,
  statedIncome,
} from '../../src/domain/income';
import type { ProgressState } from '../../src/domain/progress-events';

export type StartInput =
  { kind: 'lesson'; lessonId: string } | { kind: 'review' } | { kind: 'check'; stage: CheckStage };
export interface AnswerInput {
  attemptId: string;
  question: number;
  choice: number;
}

/** The days of money the personal questions look at (last month at the longest). */
const MONEY_DAYS = 70;

function statedYearlyCents(state: ProgressState | null): number | null {
  const s = state?.settings ?? {};
  const yearly = ((): unknown => {
    try {
      return s.yearly_income_budget ? JSON.parse(s.yearly_income_budget) : null;
    } catch {
      return null;
    }
  })();
  const stated = statedIncome({
    budgetIncome: parseBudgetIncome(s.budget_income ?? null),
    budgetFrequency: parseBudgetFrequency(s.budget_frequency ?? null),
    yearlyIncomeBudget: checkYearlyIncomeBudget(yearly),
  });
  return stated?.yearlyCents ?? null;
}

const toLearnTx = (r: MoneyRow): LearnTx => ({
  id: String(r.id),
  name: r.name,
  merchant: r.merchant_name,
  amount: Number(r.amount_cents) / 100,
  date: r.date,
  label: r.budget_category,
  categories: parseCategory(r.category),
  pfc: r.pfc_primary,
  accountId: r.account_id,
  accountSubtype: r.subtype,
  pending: Boolean(r.pending),
});

const publicView = (a: StoredAttempt, cards: AttemptView['cards'], lessonId: string | null): AttemptView => ({
  attemptId: a.id,
  kind: a.kind,
  title: a.title,
  lessonId,
  cards,
  questions: a.questions.map(({ id, prompt, choices, personal }) => ({ id, prompt, choices, personal })),
});

export function learnService(deps: Pick<AppDeps, 'db' | 'clock'>, progress: ProgressService) {
  const repo = learnRepo(deps.db);
  const progressRows = progressRepo(deps.db);
  const units = unitOfWork(deps.db);
  const now = () => deps.clock.now().getTime();

  function overviewOf(learn: LearnState, today: string): LearnOverview {
    const ids = LESSONS.map((l) => l.id);
    const finished = new Set(learn.finished);
    const statuses = lessonStatuses(ids, finished, learn.check.before !== null);
    const allFinished = ids.every((id) => finished.has(id));
    return {
      lessons: LESSONS.map((l, i) => ({
        id: l.id,
        number: i + 1,
        title: l.title,
        summary: l.summary,
        status: statuses[i]!,
        perfect: learn.perfect.includes(l.id),
      })),
      check: {
        before: learn.check.before,
        after: learn.check.after,
        total: CHECK_QUESTIONS.length,
        next: nextCheck(learn.check.before, learn.check.after, allFinished),
      },
      review: {
        due: dueQuestions(learn.schedule, today).length,
        nextDue: nextDueDay(learn.schedule),
        paidToday: learn.reviewPaidDay === today,
      },
    };
  }

  /** Builds the questions of a round; the personal ones from the player's own money. */
  async function build(userId: number, bank: BankQuestion[], pstate: ProgressState, trx: Tx) {
    let txs: LearnTx[] | null = null;
    const t = now();
    const out: BuiltQuestion[] = [];
    for (const q of bank) {
      let built: BuiltQuestion | null = null;
      if (q.personal) {
        txs ??= (await repo.moneyRows(userId, addDays(dayIn(t, 'UTC'), -MONEY_DAYS), trx)).map(toLearnTx);
        built =
          q.personal === 'merchant'
            ? merchantQuestion(txs, q.id)
            : wantsShareQuestion(txs, statedYearlyCents(pstate), new Date(t), pstate?.timeZone, q.id);
      }
      out.push(built ?? arranged(q));
    }
    return out;
  }

  return {
    async overview(userId: number): Promise<LearnOverview> {
      const [learn, pstate] = await Promise.all([repo.find(userId), progressRows.find(userId)]);
      return overviewOf(learn, dayIn(now(), pstate?.timeZone));
    },

    /** Opens a round (it replaces any round left open); answers nothing the browser could read. */
    async start(userId: number, input: StartInput): Promise<AttemptView> {
      const opened = await units.run((trx) =>
        progress.within(userId, trx, async (pstate, ctx) => {
          const t = ctx.now;
          const learn = await repo.lock(userId, t, trx);
          const today = dayIn(t, pstate?.timeZone);
          const overview = overviewOf(learn, today);
          let bank: BankQuestion[];
          let title: string;
          let key: string;
          let cards: AttemptView['cards'] = [];
          let lessonId: string | null = null;
          if (input.kind === 'lesson') {
            const lesson = lessonById(input.lessonId)!;
            const status = overview.lessons.find((l) => l.id === lesson.id)!.status;
            if (status === 'locked')
              throw conflict(
                learn.check.before === null
                  ? 'Take the knowledge check before the first lesson'
                  : 'Finish the lesson before this one first',
              );
            bank = lesson.questions;
            title = lesson.title;
            key = lesson.id;
            cards = lesson.cards;
            lessonId = lesson.id;
          } else if (input.kind === 'review') {
            const due = dueQuestions(learn.schedule, today);
            if (due.length === 0) throw conflict('No review is due today');
            bank = due.map((id) => questionById(id)).filter((q): q is BankQuestion => Boolean(q));
            title = 'Daily Review';
            key = 'review';
          } else {
            if (input.stage === 'before' && learn.check.before !== null)
              throw conflict('You took the first knowledge check already');
            if (input.stage === 'after' && !overview.lessons.every((l) => l.status === 'finished'))
              throw conflict('The final knowledge check opens after the last lesson');
            bank = [...CHECK_QUESTIONS];
            title = 'Knowledge Check';
            key = input.stage;
          }
          const attempt: StoredAttempt = {
            id: randomUUID(),
            kind: input.kind,
            key,
            title,
            questions: await build(userId, bank, pstate, trx),
            choices: bank.map(() => null),
          };
          learn.attempt = attempt;
          await repo.save(userId, learn, t, trx);
          return publicView(attempt, cards, lessonId);
        }),
      );
      return opened.value;
    },

    /** Marks one answer; the last answer of a round settles it (schedule, scores, rewards). */
    async answer(userId: number, input: AnswerInput) {
      return units.run(async (trx) => {
        const refereed = await progress.within(userId, trx, async (pstate, ctx) => {
          const learn = await repo.lock(userId, ctx.now, trx);
          const a = learn.attempt;
          if (!a || a.id !== input.attemptId) throw conflict('This round has ended: start it again');
          const q = a.questions[input.question];
          if (!q) throw badRequest(`This round has ${a.questions.length} questions`);
          if (input.choice >= q.choices.length)
            throw badRequest(`Choose one of the ${q.choices.length} answers`);
          if (a.choices[input.question] !== null) throw conflict('This question was already answered');
          a.choices[input.question] = input.choice;
          const verdict: AnswerVerdict = {
            correct: input.choice === q.answer,
            answer: q.answer,
            explanation: q.explanation,
            done: a.choices.every((c) => c !== null),
          };
          let applied: Applied = NONE;
          if (verdict.done) {
            const settled = settle(learn, a, pstate, ctx.now);
            verdict.result = settled.result;
            applied = settled.applied;
            learn.attempt = null;
          }
          await repo.save(userId, learn, ctx.now, trx);
          return { verdict, applied };
        });
        const { verdict, applied } = refereed.value;
        const paid = applied.text !== '';
        return {
          ...verdict,
          reward: paid ? notice(applied) : null,
          progress: paid ? refereed.state : null,
        };
      });
    },
  };
}

/** The end of a round: what it records and pays, with its history lines. */
function settle(
  learn: LearnState,
  a: StoredAttempt,
  pstate: ProgressState,
  t: number,
): { result: NonNullable<AnswerVerdict['result']>; applied: Applied } {
  const today = dayIn(t, pstate.timeZone);
  const rights = a.questions.map((q, i) => a.choices[i] === q.answer);
  const right = rights.filter(Boolean).length;
  const total = a.questions.length;
  const all = right === total;
  const score = `${right} of ${total} right.`;
  if (a.kind === 'check') {
    const stage = a.key as CheckStage;
    // The final check may be taken again: its best score is kept.
    const earlier = learn.check[stage];
    learn.check[stage] = stage === 'after' && earlier !== null ? Math.max(earlier, right) : right;
    return { result: { right, total, paid: false, text: score }, applied: NONE };
  }
  if (a.kind === 'review') {
    a.questions.forEach((q, i) => {
      learn.schedule = scheduleReviewed(learn.schedule, q.id, rights[i]!, today);
    });
    if (!all)
      return {
        result: { right, total, paid: false, text: `${score} The cards you missed come back tomorrow.` },
        applied: NONE,
      };
    if (learn.reviewPaidDay === today)
      return {
        result: { right, total, paid: false, text: `${score} Today’s review reward was paid already.` },
        applied: NONE,
      };
    learn.reviewPaidDay = today;
    const applied = pay(pstate, REVIEW_REWARD, 'daily review all right');
    recordHistory(pstate, t, applied);
    return { result: { right, total, paid: true, text: `${score} ${applied.text}` }, applied };
  }
  // A lesson.
  const lesson = lessonById(a.key)!;
  const number = LESSONS.indexOf(lesson) + 1;
  a.questions.forEach((q, i) => {
    if (!rights[i] && lessonOfQuestion(q.id)) learn.schedule = scheduleMissed(learn.schedule, q.id, today);
  });
  if (!learn.finished.includes(lesson.id)) learn.finished.push(lesson.id);
  let applied: Applied = NONE;
  const said: string[] = [score];
  if (number === 1) {
    // Lesson 1 is the Financial Guru article: its quest completes here, paid once as there.
    const quest = completeQuestNow(pstate, 'financial-guru', t);
    recordHistory(pstate, t, quest);
    applied = quest;
    if (quest.text) said.push(`${describeChange(quest.xp, quest.lives, 'Financial Guru quest completed')}.`);
  }
  if (!all)
    said.push(
      'Answer all three right to earn the lesson’s reward; missed questions come back in your Review.',
    );
  else if (learn.perfect.includes(lesson.id)) said.push('This lesson’s reward was paid already.');
  else {
    learn.perfect.push(lesson.id);
    const lessonPay = pay(pstate, LESSON_REWARD, `lesson ${number} passed: ${lesson.title}`);
    recordHistory(pstate, t, lessonPay);
    applied = join(applied, lessonPay);
    said.push(lessonPay.text);
  }
  const text = said.join(' ');
  return { result: { right, total, paid: applied.text !== '', text }, applied };
}
export type LearnService = ReturnType<typeof learnService>;
