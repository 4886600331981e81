import { describe, expect, it } from 'vitest';
import { rewardPromise, rewardText } from '@/domain/reward-text';

describe('rewardText', () => {
  it('when every life fits, then it names the XP and the lives paid', () => {
    expect(rewardText({ xp: 50, lives: 5 }, 0)).toBe('You earned 50 XP and 5 lives.');
  });

  it('when lives would pass 5, then it names only the lives that arrived and says they are full', () => {
    expect(rewardText({ xp: 50, lives: 10 }, 2)).toBe(
      'You earned 50 XP and 3 lives. Your lives are full (5 of 5).',
    );
    expect(rewardText({ xp: 50, lives: 10 }, 5)).toBe(
      'You earned 50 XP and 0 lives. Your lives are full (5 of 5).',
    );
  });

  it('when one life arrives, then the word is singular', () => {
    expect(rewardText({ xp: 50, lives: 3 }, 4)).toBe(
      'You earned 50 XP and 1 life. Your lives are full (5 of 5).',
    );
  });
});

describe('rewardPromise', () => {
  it('when a quest pays 10 lives and 50 XP, then it says so', () => {
    expect(rewardPromise({ xp: 50, lives: 10 })).toBe('10 lives and 50 XP');
    expect(rewardPromise({ xp: 50, lives: 1 })).toBe('1 life and 50 XP');
  });
});
