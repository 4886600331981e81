// The progression module: the only writer of XP, lives, achievements and quest rewards.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  award,
  checkAchievements,
  completeQuest,
  gameReward,
  livesValueAtom,
  matcherResult,
  startGame,
  unlockedAchievementsAtom,
  xpValueAtom,
} from '@/lib/progression';
import { livesAtom, questStateAtom, questTimerAtom, xpAtom } from '@/lib/atoms';
import { on, type AppEventDetail } from '@/lib/events';
import { appStore } from '@/lib/store';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';

const NO_LIVES = 'No lives remaining! Complete quests to earn more lives and play again.';

let store: ReturnType<typeof createStore>;
type Seen = { [K in keyof AppEventDetail]?: AppEventDetail[K][] };
let seen: Seen;
let offs: (() => void)[];

function listen<K extends keyof AppEventDetail>(name: K) {
  seen[name] = [];
  offs.push(on(name, (d) => (seen[name] as AppEventDetail[K][]).push(d)));
}

beforeEach(() => {
  store = createStore();
  seen = {};
  offs = [];
  for (const n of ['xpChanged', 'livesChanged', 'levelReached', 'achievementUnlocked', 'notify'] as const)
    listen(n);
});
afterEach(() => {
  offs.forEach((off) => off());
  vi.restoreAllMocks();
});

const progress = () => ({ xp: store.get(xpAtom), lives: store.get(livesAtom) });
const stored = () => ({ xp: localStorage.getItem('user_xp'), lives: localStorage.getItem('userLives') });
function start(xp: number, lives: number) {
  localStorage.setItem('user_xp', String(xp));
  localStorage.setItem('userLives', String(lives));
}

describe('award', () => {
  it('when a manual expense is saved, then it pays 25..74 XP and 1..3 lives, stored and announced', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(award('manual-expense', store)).toEqual({ xp: 25, lives: 1, achievements: [] });
    expect(progress()).toEqual({ xp: 25, lives: 1 });
    expect(stored()).toEqual({ xp: '25', lives: '1' });
    expect(seen.xpChanged).toEqual([{ delta: 25, total: 25, reason: 'manual-expense' }]);
    expect(seen.livesChanged).toEqual([{ delta: 1, total: 1, reason: 'manual-expense' }]);

    vi.spyOn(Math, 'random').mockReturnValue(0.9999999);
    expect(award('manual-expense', store)).toMatchObject({ xp: 74, lives: 3 });
    expect(progress()).toEqual({ xp: 99, lives: 4 });
  });

  it('when a manual expense would take lives past 5, then they stop at 5 and only the real change is announced', () => {
    start(0, 4);
    vi.spyOn(Math, 'random').mockReturnValue(0.9999999);
    // The celebration shows the 3 lives earned; the count stops at the maximum.
    expect(award('manual-expense', store).lives).toBe(3);
    expect(progress().lives).toBe(5);
    expect(seen.livesChanged).toEqual([{ delta: 1, total: 5, reason: 'manual-expense' }]);
    award('manual-expense', store);
    expect(progress().lives).toBe(5);
    expect(seen.livesChanged).toHaveLength(1);
  });

  it('when the first bank connects, then it pays 25 XP and Account Master (100 XP, its alert), once', () => {
    expect(award('bank-connected', store)).toEqual({ xp: 125, lives: 0, achievements: ['account-master'] });
    expect(progress().xp).toBe(125);
    expect(localStorage.getItem('account_master_unlocked')).toBe('true');
    expect(seen.achievementUnlocked).toEqual([{ id: 'account-master', xp: 100 }]);
    expect(seen.notify).toEqual([
      {
        message: 'Achievement Unlocked: Account Master! You earned 100 XP for connecting your first account!',
        tone: 'success',
      },
    ]);

    expect(award('bank-connected', store)).toEqual({ xp: 25, lives: 0, achievements: [] });
    expect(progress().xp).toBe(150);
    expect(seen.achievementUnlocked).toHaveLength(1);
  });

  it('when a bank is reconnected after a first connection completed, then nothing is paid', () => {
    award('bank-connected', store);
    expect(award('bank-reconnected', store)).toEqual({ xp: 0, lives: 0, achievements: [] });
    expect(progress().xp).toBe(125);
  });

  it('when a reconnection completes the first connection, then it pays 25 XP and Account Master', () => {
    expect(award('bank-reconnected', store)).toEqual({ xp: 125, lives: 0, achievements: ['account-master'] });
    expect(award('bank-reconnected', store).xp).toBe(0);
  });

  it('when the bank data is refreshed or the user logs in, then 5 XP or 10 XP is paid every time', () => {
    award('bank-refresh', store);
    award('bank-refresh', store);
    award('login', store);
    expect(progress()).toEqual({ xp: 20, lives: 0 });
  });

  it('when onboarding is rewarded twice, then the 50 XP is paid once and its flag is set', () => {
    expect(award('onboarding', store).xp).toBe(50);
    expect(award('onboarding', store).xp).toBe(0);
    expect(progress().xp).toBe(50);
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
  });

  it('when a budget is created, then Budget Master pays 100 XP with its alert, once', () => {
    expect(award('budget-created', store)).toEqual({ xp: 100, lives: 0, achievements: ['budget-master'] });
    expect(award('budget-created', store)).toEqual({ xp: 0, lives: 0, achievements: [] });
    expect(progress().xp).toBe(100);
    expect(seen.notify?.map((n) => n.message)).toEqual([
      'Achievement Unlocked: Budget Master! You earned 100 XP for creating your first budget!',
    ]);
    expect(store.get(unlockedAchievementsAtom)).toEqual({
      'budget-master': true,
      'streak-starter': false,
      'account-master': false,
      'budget-pro': false,
    });
  });
});

describe('levels', () => {
  it('when XP crosses a level threshold, then the level reached is announced once', () => {
    start(90, 0);
    award('bank-refresh', store); // 95: still level 1
    expect(seen.levelReached).toEqual([]);
    award('bank-refresh', store); // 100: Savings Scout
    expect(seen.levelReached).toEqual([{ level: { level: 2, name: 'Savings Scout', xp: 100 } }]);
    award('bank-refresh', store);
    expect(seen.levelReached).toHaveLength(1);
  });

  it('when one award jumps several levels, then only the level reached is announced', () => {
    matcherResult(1500, {}, store);
    expect(seen.levelReached?.map((e) => e.level.name)).toEqual(['Wealth Warrior']);
  });

  it('when XP drops, then no level is announced', () => {
    start(105, 0);
    matcherResult(-20, {}, store);
    expect(progress().xp).toBe(85);
    expect(seen.levelReached).toEqual([]);
  });
});

describe('achievements from usage', () => {
  it('when the login dates hold a 3-day streak, then Streak Starter unlocks once with 100 XP', () => {
    localStorage.setItem('login_dates', JSON.stringify(['2024-04-29', '2024-04-30', '2024-05-01']));
    expect(checkAchievements(store)).toEqual(['streak-starter']);
    expect(checkAchievements(store)).toEqual([]);
    expect(progress().xp).toBe(100);
    expect(seen.achievementUnlocked).toEqual([{ id: 'streak-starter', xp: 100 }]);
  });

  it('when nothing is earned, then nothing unlocks', () => {
    expect(checkAchievements(store)).toEqual([]);
    expect(progress().xp).toBe(0);
    expect(seen.notify).toEqual([]);
  });
});

describe('completeQuest', () => {
  it('when a quest completes, then it pays its lives and 50 XP and is stored as completed with no timer', () => {
    localStorage.setItem('quest_savings', JSON.stringify({ isStarted: true, timeRemaining: 500 }));
    localStorage.setItem('quest_timer_savings', '1715000000000');
    expect(completeQuest('savings', store)).toEqual({ xp: 50, lives: 3 });
    expect(progress()).toEqual({ xp: 50, lives: 3 });
    expect(store.get(questStateAtom('savings'))).toEqual({ isStarted: false, timeRemaining: 0 });
    expect(store.get(questTimerAtom('savings'))).toBeNull();
    expect(localStorage.getItem('quest_timer_savings')).toBeNull();
  });

  it('when a quest rewards more lives than fit, then lives stop at 5 and the 50 XP is still paid', () => {
    start(0, 1);
    completeQuest('emergency-fund', store); // 10 lives
    expect(progress()).toEqual({ xp: 50, lives: 5 });
    completeQuest('weekly-check-in', store); // 7 lives
    expect(progress()).toEqual({ xp: 100, lives: 5 });
  });

  it('when a completed quest is completed again, then nothing more is paid until it is reset', () => {
    completeQuest('weekly-check-in', store);
    expect(completeQuest('weekly-check-in', store)).toEqual({ xp: 0, lives: 0 });
    expect(progress()).toEqual({ xp: 50, lives: 5 });

    store.set(questStateAtom('weekly-check-in'), null); // reset: not started
    store.set(livesAtom, 0);
    expect(completeQuest('weekly-check-in', store)).toEqual({ xp: 50, lives: 7 });
    expect(progress()).toEqual({ xp: 100, lives: 5 });
  });

  it.each([
    ['eating-out', 3],
    ['financial-guru', 5],
    ['track-spending', 3],
    ['top-spending-category', 4],
    ['yearly-income', 5],
    ['spending-guesstimate', 3],
  ] as const)('when %s completes from 0 lives, then it pays %i lives (at most 5)', (id, lives) => {
    completeQuest(id, store);
    expect(progress()).toEqual({ xp: 50, lives: Math.min(5, lives) });
  });
});

describe('startGame', () => {
  it.each(['breakout', 'helicopter', '2048'] as const)(
    'when %s starts with no lives, then it is refused with the spec text and nothing is spent',
    (game) => {
      expect(startGame(game, store)).toBe(NO_LIVES);
      expect(progress().lives).toBe(0);
      expect(seen.livesChanged).toEqual([]);
    },
  );

  it.each(['breakout', 'helicopter', '2048'] as const)(
    'when %s starts with lives, then exactly one life is spent',
    (game) => {
      start(0, 3);
      expect(startGame(game, store)).toBe('started');
      expect(progress().lives).toBe(2);
      expect(stored().lives).toBe('2');
      expect(seen.livesChanged).toEqual([{ delta: -1, total: 2, reason: 'game-start' }]);
    },
  );

  it('when the last life is spent, then the next start is refused', () => {
    start(0, 1);
    expect(startGame('helicopter', store)).toBe('started');
    expect(startGame('helicopter', store)).toBe(NO_LIVES);
    expect(progress().lives).toBe(0);
  });

  it('when the Category Matcher starts, then it costs no life, even with none left', () => {
    start(0, 2);
    expect(startGame('category-matcher', store)).toBe('started');
    expect(progress().lives).toBe(2);
    store.set(livesAtom, 0);
    expect(startGame('category-matcher', store)).toBe('started');
    expect(seen.livesChanged).toEqual([]);
  });
});

describe('game and matcher rewards', () => {
  it('when Breakout is won, then it pays 3 lives, clamped to 5', () => {
    start(0, 1);
    expect(gameReward('breakout-win', store)).toEqual({ xp: 0, lives: 3 });
    expect(progress().lives).toBe(4);
    gameReward('breakout-win', store);
    expect(progress().lives).toBe(5);
  });

  it('when a matcher round ends, then its XP is added and a loss never takes the total below 0', () => {
    start(10, 0);
    matcherResult(30, {}, store); // 3 picks
    expect(progress().xp).toBe(40);
    matcherResult(-60, {}, store);
    expect(progress().xp).toBe(0);
    expect(seen.xpChanged?.map((e) => e.delta)).toEqual([30, -40]);
  });
});

describe('the one store', () => {
  it('when called without a store (as a Phaser scene does), then the app store changes and its readers see it', () => {
    reloadPersistedAtoms(appStore);
    start(0, 2);
    reloadPersistedAtoms(appStore);
    expect(startGame('breakout')).toBe('started');
    award('bank-refresh');
    expect(appStore.get(livesValueAtom)).toBe(1);
    expect(appStore.get(xpValueAtom)).toBe(5);
  });
});
