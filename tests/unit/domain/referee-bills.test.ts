// The referee's two rewards of the Subscription check-up (issue 28): the quest once per calendar
// month in the user's time zone, and a cancelled stream that stopped once per stream ever, with
// Subscription Slayer once.
import { describe, expect, it } from 'vitest';
import { newProgressState } from '@/domain/progress-ledger';
import {
  CANCELLED_STREAMS_KEPT,
  PROGRESS_STATE_MAX_BYTES,
  cancelledStreamStopped,
  checkupCompleted,
  monthOf,
  questComplete,
  questPeriod,
  questStart,
} from '@/domain/referee';
import { CANCELLED_STREAM_REWARD, CHECKUP_LIVES } from '@/domain/bills';
import { isBankOnlyQuest, isTimedQuest, QUEST_REWARD_LIVES } from '@/domain/quests';

const T = Date.parse('2025-03-31T12:00:00Z');
const DAY = 86_400_000;

describe('the Subscription check-up quest', () => {
  it('is a bank-only, untimed quest paying the check-up lives', () => {
    expect(QUEST_REWARD_LIVES['subscription-checkup']).toBe(CHECKUP_LIVES);
    expect(isBankOnlyQuest('subscription-checkup')).toBe(true);
    expect(isTimedQuest('subscription-checkup')).toBe(false);
  });

  it('when completed twice in a month, then it pays +3 lives and 50 XP once; the next month again', () => {
    const s = newProgressState();
    s.lives = 0;
    expect(checkupCompleted(s, T, '2025-03')).toMatchObject({ xp: 50, lives: 3 });
    expect(checkupCompleted(s, T + 1000, '2025-03')).toMatchObject({ xp: 0, lives: 0 });
    expect(s.quests['subscription-checkup']).toEqual({ isStarted: false, completed: true, startedAt: null });
    expect(s.paid?.quests?.['subscription-checkup']).toBe('month:2025-03');
    expect(checkupCompleted(s, T + DAY, '2025-04')).toMatchObject({ xp: 50, lives: 2 });
    expect(s.xp).toBe(100);
  });

  it("when the month asked for is not the user's current month, then it pays nothing", () => {
    const s = newProgressState();
    expect(checkupCompleted(s, T, '2025-04')).toMatchObject({ xp: 0, lives: 0 });
    expect(checkupCompleted(s, T, '2025-02')).toMatchObject({ xp: 0, lives: 0 });
    expect(s.quests['subscription-checkup']).toBeUndefined();
  });

  it("when it is already April in Tokyo but still March in UTC, then the month is the user's", () => {
    const s = newProgressState();
    s.timeZone = 'Asia/Tokyo';
    const t = Date.parse('2025-03-31T20:00:00Z');
    expect(questPeriod(s, 'subscription-checkup', t)).toBe('month:2025-04');
    expect(checkupCompleted(s, t, '2025-03')).toMatchObject({ xp: 0 });
    expect(checkupCompleted(s, t, '2025-04')).toMatchObject({ xp: 50 });
  });

  it('when a browser says it completed the check-up, then it is refused; its start changes nothing', () => {
    const s = newProgressState();
    expect(questComplete(s, 'subscription-checkup', T, { hasBank: true })).toMatchObject({ counted: false });
    expect(questStart(s, 'subscription-checkup', T, { hasBank: true })).toEqual({
      counted: true,
      applied: expect.objectContaining({ xp: 0, lives: 0 }),
    });
    expect(questStart(s, 'subscription-checkup', T, { hasBank: false })).toMatchObject({ counted: false });
    expect(s.quests).toEqual({});
    expect(s.xp).toBe(0);
  });

  it('monthOf reads the month of a day', () => {
    expect(monthOf('2025-12-31')).toBe('2025-12');
  });
});

describe('a cancelled stream that stopped', () => {
  it('when the first one stops, then +50 XP +1 life and Subscription Slayer (100 XP) once', () => {
    const s = newProgressState();
    s.lives = 2;
    const a = cancelledStreamStopped(s, T, 'stream-1');
    expect(a).toMatchObject({
      xp: CANCELLED_STREAM_REWARD.xp + 100,
      lives: 1,
      achievements: ['subscription-slayer'],
    });
    expect(a.text).toContain('cancelled subscription stopped');
    expect(a.text).toContain('Subscription Slayer unlocked');
    expect(s.achievements).toEqual(['subscription-slayer']);
    expect(cancelledStreamStopped(s, T, 'stream-1')).toMatchObject({ xp: 0, lives: 0 });
    expect(cancelledStreamStopped(s, T, 'stream-2')).toMatchObject({ xp: 50, lives: 1, achievements: [] });
    expect(s).toMatchObject({ xp: 200, lives: 4 });
  });

  it('when many streams stop, then the state keeps only the last few ids and stays small', () => {
    const s = newProgressState();
    for (let i = 0; i < 100; i++) cancelledStreamStopped(s, T, `${'x'.repeat(120)}-${i}`);
    expect(s.paid?.streams).toHaveLength(CANCELLED_STREAMS_KEPT);
    expect(s.paid?.streams?.at(-1)).toContain('-99');
    expect(JSON.stringify(s).length).toBeLessThan(PROGRESS_STATE_MAX_BYTES / 2);
  });
});
