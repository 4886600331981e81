// The Learn path's content (server/services/learn-bank.ts) against the issue's rules.
import { describe, expect, it } from 'vitest';
import { CHECK_QUESTIONS, LESSONS, arranged } from '../../../server/services/learn-bank';
import { CHECK_SIZE, LESSON_QUESTIONS } from '@/domain/learn';

const words = (s: string) => s.trim().split(/\s+/).length;

describe('the lessons', () => {
  it('when the path is read, then it has at least 10 lessons of 3 to 6 short cards and 3 questions each', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(10);
    for (const l of LESSONS) {
      expect(l.cards.length, l.id).toBeGreaterThanOrEqual(3);
      expect(l.cards.length, l.id).toBeLessThanOrEqual(6);
      for (const c of l.cards) expect(words(`${c.heading} ${c.text}`), c.heading).toBeLessThanOrEqual(60);
      expect(l.questions).toHaveLength(LESSON_QUESTIONS);
    }
    expect(CHECK_QUESTIONS).toHaveLength(CHECK_SIZE);
  });

  it('when every question is listed, then ids are unique and each answer points at a choice', () => {
    const all = [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS];
    expect(new Set(all.map((q) => q.id)).size).toBe(all.length);
    for (const q of all) {
      expect(q.choices.length).toBeGreaterThanOrEqual(2);
      expect(q.choices.length).toBeLessThanOrEqual(4);
      expect(q.choices[q.answer], q.id).toBeDefined();
    }
  });

  it('when a question of four choices is arranged, then the right choice text is still the answer and not always first', () => {
    const four = [...LESSONS.flatMap((l) => l.questions), ...CHECK_QUESTIONS].filter(
      (q) => q.choices.length === 4,
    );
    const positions = new Set<number>();
    for (const q of four) {
      const a = arranged(q);
      expect(a.choices[a.answer]).toBe(q.choices[q.answer]);
      expect([...a.choices].sort()).toEqual([...q.choices].sort());
      positions.add(a.answer);
    }
    expect(positions.size).toBeGreaterThan(2);
  });

  it('when the topics are listed, then each one the issue names has its lesson', () => {
    const text = LESSONS.map(
      (l) => `${l.title} ${l.cards.map((c) => `${c.heading} ${c.text}`).join(' ')}`,
    ).join('\n');
    for (const topic of [
      /after-tax income/i,
      /phone plan/i,
      /gym/i,
      /groceries/i,
      /minimum payment/i,
      /paying yourself first/i,
      /3 months.*6 months.*12 months/i,
      /irregular/i,
      /subscriptions?/i,
      /Home’s 50\/30\/20 analysis/i,
      /month goes over/i,
    ])
      expect(text).toMatch(topic);
    expect(LESSONS[0]!.title).toBe('The 50/30/20 Budgeting Method');
    expect(
      LESSONS.find((l) => l.id === 'emergency-fund')!.cards.some(
        (c) => c.link?.to === '/quests/emergency-fund-goal',
      ),
    ).toBe(true);
  });
});
