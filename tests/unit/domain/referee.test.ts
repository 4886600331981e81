// The referee's rules as pure functions: what each fact the server saw pays, on its own clock.
import { describe, expect, it } from 'vitest';
import { newProgressState } from '@/domain/progress-ledger';
import {
  bestScore,
  breakoutWon,
  checkTimedQuests,
  completeQuestNow,
  dayIn,
  expenseDeleted,
  expenseStored,
  gamePlayed,
  gameStarted,
  institutionLinked,
  questStart,
  signIn,
  weekOf,
  type GameLimits,
} from '@/domain/referee';
import type { CheckedTransaction } from '@/domain/quests';

const LIMITS: GameLimits = { breakoutMinClearMs: 4000, helicopterMsPerPoint: 2000, max2048Score: 3_932_164 };
const T = Date.parse('2025-03-05T15:00:00Z'); // a Wednesday
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tx = (over: Partial<CheckedTransaction>): CheckedTransaction => ({
  name: 'Groceries',
  amount: 20,
  date: '2025-03-05',
  pending: false,
  ...over,
});

describe('days and weeks', () => {
  it('when an instant is late evening in New York, then it is still that day there and the next in UTC', () => {
    const t = Date.parse('2025-03-06T03:00:00Z');
    expect(dayIn(t, 'America/New_York')).toBe('2025-03-05');
    expect(dayIn(t, 'UTC')).toBe('2025-03-06');
    expect(dayIn(t, 'Not/AZone')).toBe('2025-03-06');
  });
  it('when days fall in one ISO week, then they share its Monday', () => {
    expect(weekOf('2025-03-03')).toBe('2025-03-03');
    expect(weekOf('2025-03-09')).toBe('2025-03-03');
    expect(weekOf('2025-03-10')).toBe('2025-03-10');
  });
});

describe('sign-in', () => {
  it('when an existing user signs in twice in a day, then +10 once; a new account gets nothing', () => {
    const s = newProgressState();
    expect(signIn(s, T, 'new').xp).toBe(0);
    expect(signIn(s, T + HOUR, 'existing').xp).toBe(10);
    expect(signIn(s, T + 2 * HOUR, 'existing').xp).toBe(0);
    expect(signIn(s, T + DAY, 'existing').xp).toBe(10);
    // Three days in a row: Streak Starter, once.
    const third = signIn(s, T + 2 * DAY, 'existing');
    expect(third.achievements).toEqual(['streak-starter']);
    expect(third.xp).toBe(110);
    expect(s.loginDates).toEqual(['2025-03-05', '2025-03-06', '2025-03-07']);
  });
});

describe('manual expenses', () => {
  it('when four expenses are stored in a day, then three pay and the fourth does not; a delete that day takes one back', () => {
    const s = newProgressState();
    const draw = { xp: 30, lives: 2 };
    const paid = [1, 2, 3, 4].map((i) => expenseStored(s, T + i, draw));
    expect(paid.map((p) => p?.applied.xp ?? 0)).toEqual([30, 30, 30, 0]);
    expect(s.lives).toBe(5); // the cap kept 5 of 6
    expect(paid[2]!.applied).toMatchObject({ lives: 1, livesOffered: 2 });
    const back = expenseDeleted(s, T + 10, { day: paid[0]!.day, xp: 30, lives: 2 });
    expect(back).toMatchObject({ xp: -30, lives: -2 });
    expect(s.xp).toBe(60);
    // Its place in the day's three is free again.
    expect(expenseStored(s, T + 11, draw)?.applied.xp).toBe(30);
    expect(expenseDeleted(s, T + DAY, { day: paid[1]!.day, xp: 30, lives: 2 })).toBeNull();
  });
});

describe('the bank', () => {
  it('when institutions are linked, then +25 for each new one and Account Master once', () => {
    const s = newProgressState();
    expect(institutionLinked(s, true)).toMatchObject({ xp: 125, achievements: ['account-master'] });
    expect(institutionLinked(s, false).xp).toBe(0);
    expect(institutionLinked(s, true).xp).toBe(25);
  });
});

describe('quests', () => {
  const bank = { hasBank: true };

  it('when a once-only quest is completed, reset and completed again, then it pays once and shows completed', () => {
    const s = newProgressState();
    expect(completeQuestNow(s, 'financial-guru', T).xp).toBe(50);
    delete s.quests['financial-guru'];
    expect(completeQuestNow(s, 'financial-guru', T + 1).xp).toBe(0);
    expect(s.quests['financial-guru']).toMatchObject({ completed: true });
  });

  it('when the weekly check-in is done on Monday and Sunday of one week, then it pays once; the next Monday again', () => {
    const s = newProgressState();
    const monday = Date.parse('2025-03-03T10:00:00Z');
    expect(questStart(s, 'weekly-check-in', monday, bank)).toMatchObject({
      counted: true,
      applied: { xp: 50 },
    });
    expect(questStart(s, 'weekly-check-in', monday + 6 * DAY, bank)).toMatchObject({ applied: { xp: 0 } });
    expect(questStart(s, 'weekly-check-in', monday + 7 * DAY, bank)).toMatchObject({ applied: { xp: 50 } });
    expect(questStart(newProgressState(), 'weekly-check-in', monday, { hasBank: false })).toMatchObject({
      counted: false,
    });
  });

  const cases: {
    name: string;
    quest: 'savings' | 'eating-out';
    rows: CheckedTransaction[];
    after: number;
    outcome: 'passed' | 'failed' | null;
  }[] = [
    {
      name: 'savings, a settled $5 transfer on the start day',
      quest: 'savings',
      rows: [tx({ name: 'Transfer to Savings', amount: 5 })],
      after: HOUR,
      outcome: 'passed',
    },
    {
      name: 'savings, a $4.99 transfer, before expiry',
      quest: 'savings',
      rows: [tx({ name: 'Transfer to Savings', amount: 4.99 })],
      after: HOUR,
      outcome: null,
    },
    {
      name: 'savings, a pending transfer at expiry',
      quest: 'savings',
      rows: [tx({ name: 'Transfer to Savings', amount: 50, pending: true })],
      after: DAY,
      outcome: 'failed',
    },
    {
      name: 'savings, a transfer dated before the start',
      quest: 'savings',
      rows: [tx({ name: 'Transfer to Savings', amount: 50, date: '2025-03-01' })],
      after: DAY,
      outcome: 'failed',
    },
    {
      name: 'savings, $25 arriving in an own savings account (no transfer in its name)',
      quest: 'savings',
      rows: [tx({ name: 'Deposit', amount: -25, onSavingsAccount: true })],
      after: HOUR,
      outcome: 'passed',
    },
    {
      name: 'savings, $4.99 arriving in an own savings account, at expiry',
      quest: 'savings',
      rows: [tx({ name: 'Deposit', amount: -4.99, onSavingsAccount: true })],
      after: DAY,
      outcome: 'failed',
    },
    { name: 'eating-out, before expiry', quest: 'eating-out', rows: [], after: DAY - 1, outcome: null },
    { name: 'eating-out, no restaurant', quest: 'eating-out', rows: [tx({})], after: DAY, outcome: 'passed' },
    {
      name: 'eating-out, a pizza the next day',
      quest: 'eating-out',
      rows: [tx({ name: 'Pizza Hut', date: '2025-03-06' })],
      after: DAY,
      outcome: 'failed',
    },
    {
      name: 'eating-out, a restaurant category',
      quest: 'eating-out',
      rows: [tx({ name: 'Chez Nous', category: ['Food and Drink', 'Restaurants'] })],
      after: DAY,
      outcome: 'failed',
    },
  ];
  for (const c of cases) {
    it(`when ${c.name}, then the server's check says ${c.outcome ?? 'nothing yet'}`, () => {
      const s = newProgressState();
      questStart(s, c.quest, T, bank);
      const { outcomes, applied } = checkTimedQuests(s, T + c.after, c.rows, bank);
      expect(outcomes).toEqual(c.outcome ? [{ quest: c.quest, outcome: c.outcome }] : []);
      expect(applied.xp).toBe(c.outcome === 'passed' ? 50 : 0);
      if (c.outcome === 'failed') expect(s.quests[c.quest]).toBeUndefined();
    });
  }

  it('when a 24-hour quest passes and is started again, then the new start pays again', () => {
    const s = newProgressState();
    questStart(s, 'eating-out', T, bank);
    checkTimedQuests(s, T + DAY, [], bank);
    questStart(s, 'eating-out', T + 2 * DAY, bank);
    expect(checkTimedQuests(s, T + 3 * DAY, [], bank).applied.xp).toBe(50);
  });

  it('when the bank is gone at expiry, then eating-out cannot pass', () => {
    const s = newProgressState();
    questStart(s, 'eating-out', T, bank);
    expect(checkTimedQuests(s, T + DAY, [], { hasBank: false }).outcomes).toEqual([
      { quest: 'eating-out', outcome: 'failed' },
    ]);
  });
});

describe('games', () => {
  it('when a game is started below its unlock XP or without lives, then it is refused', () => {
    const s = { ...newProgressState(), xp: 999, lives: 2 };
    expect(gameStarted(s, '2048', T)).toEqual({ counted: false, reason: '2048 unlocks at 1000 XP' });
    expect(gameStarted(s, 'helicopter', T)).toMatchObject({ counted: true, applied: { lives: -1 } });
    s.lives = 0;
    expect(gameStarted(s, 'breakout', T).counted).toBe(false);
    expect(gameStarted(s, 'category-matcher', T).counted).toBe(true);
  });

  it('when a Breakout win comes sooner than the bricks can be cleared, then it is refused; later it pays once', () => {
    const s = { ...newProgressState(), lives: 1 };
    gameStarted(s, 'breakout', T);
    expect(breakoutWon(s, T + 3999, LIMITS).counted).toBe(false);
    expect(breakoutWon(s, T + 4000, LIMITS)).toMatchObject({ counted: true, applied: { lives: 3 } });
    expect(breakoutWon(s, T + 5000, LIMITS).counted).toBe(false);
  });

  it("when Breakout's ball is launched, then the play is remembered without a life spent, and a win can pay for it", () => {
    const s = { ...newProgressState(), lives: 1 };
    expect(gamePlayed(s, 'breakout', T)).toEqual({
      counted: true,
      applied: expect.objectContaining({ lives: 0 }),
    });
    expect(s.lives).toBe(1);
    expect(breakoutWon(s, T + 4000, LIMITS)).toMatchObject({ counted: true, applied: { lives: 3 } });
    expect(gamePlayed({ ...newProgressState(), lives: 0 }, 'breakout', T).counted).toBe(false);
  });

  it('when a best score is more than the time since the start allows, then it is refused', () => {
    const s = { ...newProgressState(), xp: 1000, lives: 5 };
    expect(bestScore(s, 'helicopter', 1, T, LIMITS).counted).toBe(false);
    gameStarted(s, 'helicopter', T);
    expect(bestScore(s, 'helicopter', 6, T + 10_000, LIMITS).counted).toBe(true);
    expect(bestScore(s, 'helicopter', 7, T + 10_000, LIMITS).counted).toBe(false);
    expect(s.bestScores.helicopter).toBe(6);
    // A lower score than the best is simply not kept.
    expect(bestScore(s, 'helicopter', 2, T + 10_000, LIMITS).counted).toBe(true);
    expect(s.bestScores.helicopter).toBe(6);
  });
});
