// @vitest-environment jsdom
// The progression module: the browser's one writer of XP, lives, achievements and quest rewards.
// The server is the referee (DECISIONS): the browser pays only the tour and the quests whose answer
// it knows, and mirrors what the server answers.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  award,
  completeQuest,
  gameReward,
  livesValueAtom,
  mirrorServer,
  receiveReward,
  restoreProgression,
  startGame,
  unlockedAchievementsAtom,
  xpValueAtom,
} from '@/lib/progression';
import { livesAtom, questStateAtom, questTimerAtom, xpAtom } from '@/lib/atoms';
import { on, type AppEventDetail } from '@/lib/events';
import { appStore } from '@/lib/store';
import { reloadPersistedAtoms } from '@/lib/persisted-atom';
import { enqueue, nextBatch } from '@/lib/progress-sync/outbox';
import { newProgressState } from '@/domain/progress-ledger';
import type { ProgressState, RewardNotice } from '@/domain/progress-events';
import { tokenFor } from '../../support/unsigned-token';

const NO_LIVES = 'No lives remaining! Complete quests to earn more lives and play again.';
const BUDGET_MASTER_ALERT =
  'Achievement Unlocked: Budget Master! You earned 100 XP for creating your first budget!';
/** Wednesday 10 June 2026, noon UTC: its ISO week starts on Monday 2026-06-08. */
const NOW = Date.UTC(2026, 5, 10, 12);

let store: ReturnType<typeof createStore>;
type Seen = { [K in keyof AppEventDetail]?: AppEventDetail[K][] } & {
  livesChanged?: { delta: number; total: number }[];
};
let seen: Seen;
let offs: (() => void)[];

function listen<K extends keyof AppEventDetail>(name: K) {
  seen[name] = [];
  offs.push(on(name, (d) => (seen[name] as AppEventDetail[K][]).push(d)));
}

beforeEach(() => {
  // The module keeps the server's last answer: start every test from one that paid nothing.
  restoreProgression(newProgressState(), createStore());
  store = createStore();
  seen = {};
  offs = [];
  for (const n of ['xpChanged', 'levelReached', 'achievementUnlocked', 'notify'] as const) listen(n);
  watchLives();
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
  reloadPersistedAtoms(store);
  lives_.length = 0;
}

/** Lives reach the UI through the store only: every change the store shows, with its delta. */
const lives_: { delta: number; total: number }[] = [];
function watchLives() {
  lives_.length = 0;
  seen.livesChanged = lives_;
  let before = store.get(livesAtom);
  offs.push(
    store.sub(livesAtom, () => {
      const total = store.get(livesAtom);
      lives_.push({ delta: total - before, total });
      before = total;
    }),
  );
}
const serverState = (over: Partial<ProgressState> = {}): ProgressState => ({
  ...newProgressState(),
  saved: true,
  ...over,
});
const signIn = (sub = '7') => localStorage.setItem('token', tokenFor(sub));

describe('award', () => {
  it('when onboarding is rewarded twice, then the 50 XP is paid once, announced, and its flag is set', () => {
    expect(award('onboarding', store)).toEqual({ xp: 50, lives: 0 });
    expect(award('onboarding', store)).toEqual({ xp: 0, lives: 0 });
    expect(progress().xp).toBe(50);
    expect(stored().xp).toBe('50');
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(seen.xpChanged).toEqual([{ delta: 50, total: 50, reason: 'onboarding' }]);
  });

  it('when a signed-in player finishes the tour twice, then one award event waits for the server', () => {
    signIn();
    award('onboarding', store);
    award('onboarding', store);
    expect(nextBatch('7')).toEqual([expect.objectContaining({ type: 'award', kind: 'onboarding' })]);
  });
});

describe('mirrorServer', () => {
  it("when the server answers, then XP and lives become its figures, announced with reason 'server'", () => {
    start(40, 2);
    mirrorServer(serverState({ xp: 65, lives: 5 }), store);
    expect(progress()).toEqual({ xp: 65, lives: 5 });
    expect(stored()).toEqual({ xp: '65', lives: '5' });
    expect(seen.xpChanged).toEqual([{ delta: 25, total: 65, reason: 'server' }]);
    expect(seen.livesChanged).toEqual([{ delta: 3, total: 5 }]);

    // The same answer again changes nothing and announces nothing.
    mirrorServer(serverState({ xp: 65, lives: 5 }), store);
    expect(seen.xpChanged).toHaveLength(1);
    expect(seen.livesChanged).toHaveLength(1);
  });

  it('when the server lowers the figures (a claim it did not count), then they go down too', () => {
    start(120, 4);
    mirrorServer(serverState({ xp: 70, lives: 1 }), store);
    expect(progress()).toEqual({ xp: 70, lives: 1 });
    expect(seen.xpChanged).toEqual([{ delta: -50, total: 70, reason: 'server' }]);
    expect(seen.levelReached).toEqual([]);
  });

  it('when the server unlocked an achievement, then its flag, event and alert are shown once', () => {
    const state = serverState({ xp: 100, achievements: ['budget-master'] });
    mirrorServer(state, store);
    mirrorServer(state, store);
    expect(store.get(unlockedAchievementsAtom)).toEqual({
      'budget-master': true,
      'streak-starter': false,
      'account-master': false,
      'budget-pro': false,
      'subscription-slayer': false,
    });
    expect(localStorage.getItem('budget_master_unlocked')).toBe('true');
    expect(seen.achievementUnlocked).toEqual([{ id: 'budget-master', xp: 100 }]);
    expect(seen.notify).toEqual([{ message: BUDGET_MASTER_ALERT, tone: 'success' }]);
  });

  it('when an achievement was already shown in this browser, then the server naming it says nothing', () => {
    localStorage.setItem('account_master_unlocked', 'true');
    mirrorServer(serverState({ xp: 125, achievements: ['account-master'] }), store);
    expect(seen.achievementUnlocked).toEqual([]);
    expect(seen.notify).toEqual([]);
  });

  it('when events are still waiting to be sent, then the local figures and flags stay as they are', () => {
    signIn();
    start(30, 3);
    enqueue('7', { type: 'game-start', game: 'breakout' });
    mirrorServer(serverState({ xp: 500, lives: 0, achievements: ['budget-master'] }), store);
    expect(progress()).toEqual({ xp: 30, lives: 3 });
    expect(seen.xpChanged).toEqual([]);
    expect(seen.livesChanged).toEqual([]);
    expect(seen.achievementUnlocked).toEqual([]);
    expect(seen.notify).toEqual([]);
    expect(localStorage.getItem('budget_master_unlocked')).toBeNull();
  });

  it("when only another user's events wait, then the signed-in player's figures are mirrored", () => {
    signIn('7');
    enqueue('8', { type: 'game-start', game: 'breakout' });
    mirrorServer(serverState({ xp: 15 }), store);
    expect(progress().xp).toBe(15);
  });

  it('when the server holds quest states, then the quest atoms follow them', () => {
    localStorage.setItem('quest_track-spending', JSON.stringify({ isStarted: true, timeRemaining: 0 }));
    mirrorServer(
      serverState({
        quests: {
          'financial-guru': { isStarted: false, completed: true, startedAt: null },
          savings: { isStarted: true, completed: false, startedAt: NOW },
        },
      }),
      store,
    );
    expect(store.get(questStateAtom('financial-guru'))).toEqual({ isStarted: false, timeRemaining: 0 });
    expect(store.get(questStateAtom('savings'))).toEqual({ isStarted: true, timeRemaining: 86_400 });
    expect(store.get(questTimerAtom('savings'))).toBe(NOW);
    // Absent on the server: not started here either.
    expect(store.get(questStateAtom('track-spending'))).toBeNull();
    expect(localStorage.getItem('quest_track-spending')).toBeNull();
  });

  it('when the server state is mirrored, then no quest or setting change is sent back', () => {
    signIn();
    mirrorServer(
      serverState({ quests: { savings: { isStarted: true, completed: false, startedAt: NOW } } }),
      store,
    );
    expect(nextBatch('7')).toEqual([]);
  });
});

describe('levels', () => {
  it('when XP crosses a level threshold, then the level reached is announced once', () => {
    start(90, 0);
    mirrorServer(serverState({ xp: 95 }), store); // still level 1
    expect(seen.levelReached).toEqual([]);
    mirrorServer(serverState({ xp: 100 }), store); // Savings Scout
    expect(seen.levelReached).toEqual([{ level: { level: 2, name: 'Savings Scout', xp: 100 } }]);
    mirrorServer(serverState({ xp: 105 }), store);
    expect(seen.levelReached).toHaveLength(1);
  });

  it('when one answer jumps several levels, then only the level reached is announced', () => {
    mirrorServer(serverState({ xp: 1500 }), store);
    expect(seen.levelReached?.map((e) => e.level.name)).toEqual(['Wealth Warrior']);
  });
});

describe('receiveReward', () => {
  const notice = (over: Partial<RewardNotice> = {}): RewardNotice => ({
    xp: 40,
    lives: 1,
    livesOffered: 1,
    achievements: [],
    text: '+40 XP +1 life · expense added',
    ...over,
  });

  it('when the lives cap cut the reward, then the player is told what was kept and the figures are mirrored', () => {
    start(0, 4);
    receiveReward(
      { reward: notice({ lives: 1, livesOffered: 3 }), progress: serverState({ xp: 40, lives: 5 }) },
      store,
    );
    expect(seen.notify).toEqual([{ message: '+1 life: lives full', tone: 'info' }]);
    expect(progress()).toEqual({ xp: 40, lives: 5 });
    expect(seen.livesChanged).toEqual([{ delta: 1, total: 5 }]);
  });

  it('when the lives were already full, then the notice says none were kept', () => {
    start(0, 5);
    receiveReward(
      { reward: notice({ lives: 0, livesOffered: 2 }), progress: serverState({ xp: 40, lives: 5 }) },
      store,
    );
    expect(seen.notify?.map((n) => n.message)).toEqual(['+0 lives: lives full']);
  });

  it('when nothing was cut, then no notice is shown', () => {
    receiveReward({ reward: notice(), progress: serverState({ xp: 40, lives: 1 }) }, store);
    receiveReward(
      { reward: notice({ xp: 5, lives: 0, livesOffered: 0 }), progress: serverState({ xp: 45, lives: 1 }) },
      store,
    );
    expect(seen.notify).toEqual([]);
    expect(progress()).toEqual({ xp: 45, lives: 1 });
  });

  it('when only the reward comes back, then it is added and its achievements are shown', () => {
    start(10, 0);
    receiveReward(
      { reward: notice({ xp: 125, lives: 0, livesOffered: 0, achievements: ['account-master'] }) },
      store,
    );
    expect(progress()).toEqual({ xp: 135, lives: 0 });
    expect(seen.xpChanged).toEqual([{ delta: 125, total: 135, reason: 'server' }]);
    expect(seen.achievementUnlocked).toEqual([{ id: 'account-master', xp: 100 }]);
    expect(localStorage.getItem('account_master_unlocked')).toBe('true');
  });
});

describe('completeQuest', () => {
  it('when a quest completes, then it pays its lives and 50 XP and is stored as completed with no timer', () => {
    localStorage.setItem('quest_financial-guru', JSON.stringify({ isStarted: true, timeRemaining: 0 }));
    expect(completeQuest('financial-guru', store, NOW)).toEqual({ xp: 50, lives: 5 });
    expect(progress()).toEqual({ xp: 50, lives: 5 });
    expect(store.get(questStateAtom('financial-guru'))).toEqual({ isStarted: false, timeRemaining: 0 });
    expect(seen.xpChanged).toEqual([{ delta: 50, total: 50, reason: 'quest' }]);
  });

  it('when a signed-in player completes a quest, then a quest-complete claim waits for the server', () => {
    signIn();
    completeQuest('track-spending', store, NOW);
    expect(nextBatch('7')).toEqual([
      expect.objectContaining({ type: 'quest-complete', quest: 'track-spending' }),
    ]);
  });

  it('when a 24-hour quest is completed here, then it shows completed but pays nothing (the server judges it)', () => {
    localStorage.setItem('quest_savings', JSON.stringify({ isStarted: true, timeRemaining: 500 }));
    localStorage.setItem('quest_timer_savings', String(NOW));
    expect(completeQuest('savings', store, NOW)).toEqual({ xp: 0, lives: 0 });
    expect(completeQuest('eating-out', store, NOW)).toEqual({ xp: 0, lives: 0 });
    expect(progress()).toEqual({ xp: 0, lives: 0 });
    expect(seen.xpChanged).toEqual([]);
    expect(store.get(questStateAtom('savings'))).toEqual({ isStarted: false, timeRemaining: 0 });
    expect(localStorage.getItem('quest_timer_savings')).toBeNull();
  });

  it('when the server says a once-ever quest was already paid, then it shows completed and pays nothing', () => {
    mirrorServer(serverState({ paid: { quests: { 'financial-guru': 'once' } } }), store);
    expect(completeQuest('financial-guru', store, NOW)).toEqual({ xp: 0, lives: 0 });
    expect(progress()).toEqual({ xp: 0, lives: 0 });
    expect(store.get(questStateAtom('financial-guru'))).toEqual({ isStarted: false, timeRemaining: 0 });
    // Only that quest was paid: another one still pays.
    expect(completeQuest('track-spending', store, NOW)).toEqual({ xp: 50, lives: 3 });
  });

  it('when the weekly check-in was paid this week, then it pays nothing; paid last week, it pays', () => {
    mirrorServer(serverState({ paid: { quests: { 'weekly-check-in': 'week:2026-06-08' } } }), store);
    expect(completeQuest('weekly-check-in', store, NOW)).toEqual({ xp: 0, lives: 0 });

    store.set(questStateAtom('weekly-check-in'), null);
    mirrorServer(serverState({ paid: { quests: { 'weekly-check-in': 'week:2026-06-01' } } }), store);
    expect(completeQuest('weekly-check-in', store, NOW)).toEqual({ xp: 50, lives: 7 });
    expect(progress()).toEqual({ xp: 50, lives: 5 });
  });

  it('when a quest rewards more lives than fit, then lives stop at 5 and the 50 XP is still paid', () => {
    start(0, 1);
    completeQuest('emergency-fund', store, NOW); // 10 lives
    expect(progress()).toEqual({ xp: 50, lives: 5 });
    expect(seen.livesChanged).toEqual([{ delta: 4, total: 5 }]);
  });

  it('when a completed quest is completed again, then nothing more is paid until it is reset', () => {
    completeQuest('weekly-check-in', store, NOW);
    expect(completeQuest('weekly-check-in', store, NOW)).toEqual({ xp: 0, lives: 0 });
    expect(progress()).toEqual({ xp: 50, lives: 5 });

    store.set(questStateAtom('weekly-check-in'), null); // reset: not started
    store.set(livesAtom, 0);
    expect(completeQuest('weekly-check-in', store, NOW)).toEqual({ xp: 50, lives: 7 });
    expect(progress()).toEqual({ xp: 100, lives: 5 });
  });

  it.each([
    ['financial-guru', 5],
    ['track-spending', 3],
    ['top-spending-category', 4],
    ['yearly-income', 5],
    ['spending-guesstimate', 3],
  ] as const)('when %s completes from 0 lives, then it pays %i lives (at most 5)', (id, lives) => {
    expect(completeQuest(id, store, NOW)).toEqual({ xp: 50, lives });
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
      expect(seen.livesChanged).toEqual([{ delta: -1, total: 2 }]);
    },
  );

  it('when a signed-in player starts a game, then its start is sent; a refused start is not', () => {
    signIn();
    start(0, 1);
    startGame('helicopter', store);
    startGame('helicopter', store);
    expect(nextBatch('7')).toEqual([expect.objectContaining({ type: 'game-start', game: 'helicopter' })]);
  });

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
    expect(seen.livesChanged).toEqual([]);
    start(0, 0);
    expect(startGame('category-matcher', store)).toBe('started');
    expect(seen.livesChanged).toEqual([]);
  });
});

describe('gameReward', () => {
  it('when Breakout is won, then nothing is paid here and the win is claimed from the server', () => {
    signIn();
    reloadPersistedAtoms(appStore);
    start(0, 1);
    reloadPersistedAtoms(appStore);
    expect(gameReward('breakout-win')).toEqual({ xp: 0, lives: 0 });
    expect(appStore.get(livesValueAtom)).toBe(1);
    expect(seen.livesChanged).toEqual([]);
    expect(nextBatch('7')).toEqual([expect.objectContaining({ type: 'game-reward', kind: 'breakout-win' })]);
  });
});

describe('the one store', () => {
  it('when called without a store (as a Phaser scene does), then the app store changes and its readers see it', () => {
    reloadPersistedAtoms(appStore);
    start(0, 2);
    reloadPersistedAtoms(appStore);
    expect(startGame('breakout')).toBe('started');
    award('onboarding');
    expect(appStore.get(livesValueAtom)).toBe(1);
    expect(appStore.get(xpValueAtom)).toBe(50);
  });
});
