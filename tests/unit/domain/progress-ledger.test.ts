// The server's judgement of the events a browser sends (DECISIONS, "The server is the referee"):
// what it still counts, what it refuses with a reason, and the history it keeps.
import { describe, expect, it } from 'vitest';
import {
  describeChange,
  judgeEvent,
  newProgressState,
  recordHistory,
  type JudgeContext,
} from '@/domain/progress-ledger';
import { NONE, type Applied } from '@/domain/referee';
import type { ProgressEvent, ProgressEventBody } from '@/domain/progress-events';
import type { AwardKind } from '@/domain/progression';

let n = 0;
const ev = (body: ProgressEventBody): ProgressEvent => ({ id: `id-${++n}`, at: 1_000 + n, ...body });
const NOW = Date.parse('2025-03-05T15:00:00Z');
const ctx: JudgeContext = {
  now: NOW,
  hasBank: true,
  limits: { breakoutMinClearMs: 4000, helicopterMsPerPoint: 2000, max2048Score: 3_932_164 },
};

describe('describeChange', () => {
  it('when XP and lives change, then both are said with their signs and the reason', () => {
    expect(describeChange(25, 0, 'bank connected')).toBe('+25 XP \u00b7 bank connected');
    expect(describeChange(0, -1, 'Breakout started')).toBe('\u22121 life \u00b7 Breakout started');
    expect(describeChange(50, 3, 'quest completed')).toBe('+50 XP +3 lives \u00b7 quest completed');
  });
});

describe('judgeEvent: awards', () => {
  it('when the tour is finished twice, then 50 XP is counted once', () => {
    const s = newProgressState();
    const first = judgeEvent(s, ev({ type: 'award', kind: 'onboarding' }), ctx);
    expect(first).toEqual({
      counted: true,
      applied: expect.objectContaining({ xp: 50, lives: 0, text: '+50 XP \u00b7 onboarding completed' }),
    });
    expect(s.onboardingCompleted).toBe(true);
    expect(judgeEvent(s, ev({ type: 'award', kind: 'onboarding' }), ctx)).toEqual({
      counted: true,
      applied: NONE,
    });
    expect(s.xp).toBe(50);
  });

  it.each([
    ['login', 'Sign-in rewards are paid by the server when you sign in'],
    ['manual-expense', 'Expense rewards are paid by the server when it stores the expense'],
    ['bank-connected', 'Bank rewards are paid by the server when it links the bank'],
    ['bank-reconnected', 'Bank rewards are paid by the server when it links the bank'],
    ['bank-refresh', 'Refresh rewards are paid by the server when it syncs your bank'],
    ['budget-created', 'Budget Master is unlocked by the server when it saves your budget'],
  ] as [AwardKind, string][])(
    'when a browser claims a %s award, then it is refused with its reason',
    (kind, reason) => {
      const s = newProgressState();
      const before = structuredClone(s);
      expect(judgeEvent(s, ev({ type: 'award', kind, xp: 74, lives: 3 }), ctx)).toEqual({
        counted: false,
        reason,
      });
      expect(s).toEqual(before);
    },
  );

  it("when an old client's achievement, matcher or day event arrives, then it is refused and changes nothing", () => {
    const s = newProgressState();
    const before = structuredClone(s);
    const events: ProgressEventBody[] = [
      { type: 'achievement', achievement: 'budget-pro' },
      { type: 'matcher', xp: 30, results: { t1: 'Need' } },
      { type: 'day', kind: 'login', date: '2025-03-05' },
    ];
    const verdicts = events.map((e) => judgeEvent(s, ev(e), ctx));
    expect(verdicts).toEqual([
      { counted: false, reason: 'Achievements are unlocked by the server from the days it recorded' },
      { counted: false, reason: 'Matcher rewards are paid by the server when it saves your labels' },
      { counted: false, reason: 'Login and usage days are recorded by the server' },
    ]);
    expect(s).toEqual(before);
  });
});

describe('judgeEvent: quests', () => {
  it("when a quest starts, then its start time is the server's clock, not the browser's", () => {
    const s = newProgressState();
    const start = ev({ type: 'quest-start', quest: 'savings' });
    expect(judgeEvent(s, start, ctx)).toEqual({ counted: true, applied: NONE });
    expect(s.quests.savings).toEqual({ isStarted: true, completed: false, startedAt: NOW });
  });

  it('when a browser says a 24-hour quest is complete, then it is refused and the quest keeps running', () => {
    const s = newProgressState();
    judgeEvent(s, ev({ type: 'quest-start', quest: 'eating-out' }), ctx);
    expect(judgeEvent(s, ev({ type: 'quest-complete', quest: 'eating-out' }), ctx)).toEqual({
      counted: false,
      reason: 'This quest is completed by the server when it checks your bank data',
    });
    expect(s.quests['eating-out']?.isStarted).toBe(true);
    expect(s.xp).toBe(0);
  });

  it('when a modal quest is completed twice, then it pays its lives and 50 XP once and stays completed', () => {
    const s = newProgressState();
    const first = judgeEvent(s, ev({ type: 'quest-complete', quest: 'track-spending' }), ctx);
    expect(first).toMatchObject({ counted: true, applied: { xp: 50, lives: 3 } });
    const second = judgeEvent(s, ev({ type: 'quest-complete', quest: 'track-spending' }), ctx);
    expect(second).toEqual({ counted: true, applied: NONE });
    expect(s.quests['track-spending']).toEqual({ isStarted: false, completed: true, startedAt: null });
    expect(s.paid?.quests?.['track-spending']).toBe('once');
    expect({ xp: s.xp, lives: s.lives }).toEqual({ xp: 50, lives: 3 });
  });

  it('when the weekly check-in is claimed without a bank, then it is refused', () => {
    const s = newProgressState();
    expect(
      judgeEvent(s, ev({ type: 'quest-complete', quest: 'weekly-check-in' }), { ...ctx, hasBank: false }),
    ).toEqual({ counted: false, reason: 'This quest needs a connected bank' });
    expect(s.quests['weekly-check-in']).toBeUndefined();
  });
});

describe('recordHistory', () => {
  it('when more than 50 changes are recorded, then the newest 50 are kept, newest first, and no-ops are left out', () => {
    const s = newProgressState();
    const refresh: Applied = {
      xp: 5,
      lives: 0,
      text: describeChange(5, 0, 'bank data refreshed'),
      achievements: [],
      livesOffered: 0,
    };
    for (let i = 0; i < 60; i++) recordHistory(s, i, refresh);
    recordHistory(s, 99, NONE);
    // A counted event that changed nothing (a setting) adds no line either.
    const setting = judgeEvent(s, ev({ type: 'setting', key: 'userGoal', value: 'Save' }), ctx);
    if (setting.counted) recordHistory(s, 100, setting.applied);
    expect(setting.counted).toBe(true);
    expect(s.history).toHaveLength(50);
    expect(s.history[0]).toEqual({ at: 59, xp: 5, lives: 0, text: '+5 XP \u00b7 bank data refreshed' });
    expect(s.history.at(-1)?.at).toBe(10);
  });

  it("when the tour's award is judged and recorded, then the history says what it paid", () => {
    const s = newProgressState();
    const v = judgeEvent(s, ev({ type: 'award', kind: 'onboarding' }), ctx);
    if (v.counted) recordHistory(s, NOW, v.applied);
    expect(s.history).toEqual([{ at: NOW, xp: 50, lives: 0, text: '+50 XP \u00b7 onboarding completed' }]);
  });
});
