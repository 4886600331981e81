import { describe, expect, it } from 'vitest';
import {
  REVIEW_INTERVALS,
  addDays,
  dueQuestions,
  nextDueDay,
  scheduleMissed,
  scheduleReviewed,
  type Schedule,
} from '@/domain/learn-schedule';
import { checkResultText, lessonStatuses, nextCheck } from '@/domain/learn';

describe('the Leitner schedule', () => {
  it('when a lesson question is missed, then it is due the next day in box 1', () => {
    expect(scheduleMissed({}, 'q', '2025-03-15')).toEqual({ q: { box: 1, due: '2025-03-16' } });
  });

  it('when a card is answered right in each Review, then it comes back after 1, 3 and 7 days and then leaves', () => {
    let s: Schedule = scheduleMissed({}, 'q', '2025-03-15');
    const seen: string[] = [];
    while (s.q) {
      const day = s.q.due;
      seen.push(day);
      s = scheduleReviewed(s, 'q', true, day);
    }
    expect(seen).toEqual(['2025-03-16', '2025-03-19', '2025-03-26']);
    expect(REVIEW_INTERVALS).toHaveLength(seen.length);
    expect(nextDueDay(s)).toBeNull();
  });

  it('when a card is missed in a Review, then it starts over in box 1, due the next day', () => {
    let s = scheduleReviewed(scheduleMissed({}, 'q', '2025-03-15'), 'q', true, '2025-03-16');
    expect(s.q).toEqual({ box: 2, due: '2025-03-19' });
    s = scheduleReviewed(s, 'q', false, '2025-03-19');
    expect(s.q).toEqual({ box: 1, due: '2025-03-20' });
  });

  it('when a card not in the schedule is reviewed, then nothing changes', () => {
    const s = scheduleMissed({}, 'a', '2025-03-15');
    expect(scheduleReviewed(s, 'b', true, '2025-03-16')).toBe(s);
  });

  it('when cards are due, then the oldest come first and at most the Review size are given', () => {
    let s: Schedule = {};
    for (let i = 0; i < 12; i++) s = scheduleMissed(s, `q${String(i).padStart(2, '0')}`, '2025-03-15');
    s = scheduleMissed(s, 'old', '2025-03-10');
    s = scheduleMissed(s, 'later', '2025-03-20');
    const due = dueQuestions(s, '2025-03-16');
    expect(due).toHaveLength(10);
    expect(due[0]).toBe('old');
    expect(due).not.toContain('later');
    expect(dueQuestions(s, '2025-03-15')).toEqual(['old']);
    expect(nextDueDay(s)).toBe('2025-03-11');
  });

  it('when days cross a month or a leap day, then they count calendar days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-29', 7)).toBe('2026-01-05');
    expect(() => addDays('2025-13-01', 1)).toThrow();
  });
});

describe('unlocking and the knowledge check', () => {
  const ids = ['a', 'b', 'c'];
  it('when no check was taken, then every lesson is locked', () => {
    expect(lessonStatuses(ids, new Set(), false)).toEqual(['locked', 'locked', 'locked']);
  });
  it('when lessons are finished, then each opens the next one only', () => {
    expect(lessonStatuses(ids, new Set(), true)).toEqual(['open', 'locked', 'locked']);
    expect(lessonStatuses(ids, new Set(['a']), true)).toEqual(['finished', 'open', 'locked']);
    expect(lessonStatuses(ids, new Set(['a', 'b', 'c']), true)).toEqual(['finished', 'finished', 'finished']);
  });
  it('when checks are taken, then the next one and the result read as Profile shows them', () => {
    expect(nextCheck(null, null, false)).toBe('before');
    expect(nextCheck(5, null, false)).toBeNull();
    expect(nextCheck(5, null, true)).toBe('after');
    expect(nextCheck(5, 8, true)).toBeNull();
    expect(checkResultText(null, null, 8)).toBeNull();
    expect(checkResultText(5, null, 8)).toBe('5 of 8 before the lessons');
    expect(checkResultText(5, 8, 8)).toBe('5 of 8 then, 8 of 8 now');
  });
});
