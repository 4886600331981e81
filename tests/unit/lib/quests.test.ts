// The quests' intents on a fresh store with an injected clock and a stand-in bank: start, stop,
// the check when 24 hours are over (after a sync), pay-once, a clock moved back, bad storage.
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { livesAtom, questStateAtom, questTimerAtom, xpAtom } from '@/lib/atoms';
import { on, type AppEventDetail } from '@/lib/events';
import {
  CHECK_FAILED_MESSAGE,
  QUEST_MESSAGES,
  checkExpiredQuests,
  checkIn,
  nextQuestEnd,
  rawQuestStorage,
  readQuest,
  saveYearlyIncome,
  startTimedQuest,
  stopQuest,
  type BankReader,
} from '@/lib/quests';
import { resetQuest } from '@/lib/progression';
import type { CheckedTransaction } from '@/domain/quests';

const T0 = Date.UTC(2026, 5, 10, 12);
const DAY = 86_400_000;
let store: ReturnType<typeof createStore>;
let notes: AppEventDetail['notify'][];
let off: () => void;

beforeEach(() => {
  store = createStore();
  notes = [];
  off = on('notify', (n) => notes.push(n));
});
afterEach(() => off());

function bank(transactions: CheckedTransaction[], opts: { hasBank?: boolean; syncFails?: boolean } = {}) {
  const order: string[] = [];
  const reader: BankReader = {
    hasBank: vi.fn(async () => opts.hasBank ?? true),
    sync: vi.fn(async () => {
      order.push('sync');
      if (opts.syncFails) throw new Error('offline');
    }),
    transactions: vi.fn(async () => {
      order.push('transactions');
      return transactions;
    }),
  };
  return { reader, order };
}
const meal: CheckedTransaction = { name: 'Burger Barn', amount: 12, date: '2026-06-11', pending: false };
const progress = () => ({ xp: store.get(xpAtom), lives: store.get(livesAtom) });

describe('starting and stopping', () => {
  it('when a 24-hour quest starts, then its state and start time are stored and its end is armed', () => {
    startTimedQuest('eating-out', T0, store);
    expect(localStorage.getItem('quest_eating-out')).toBe('{"isStarted":true,"timeRemaining":86400}');
    expect(localStorage.getItem('quest_timer_eating-out')).toBe(String(T0));
    expect(readQuest('eating-out', T0 + 1000, store).timeRemaining).toBe(86_399);
    expect(nextQuestEnd(T0, store)).toBe(T0 + DAY);
  });

  it('when the action button stops it, then the timer is cleared and the quest is not started', () => {
    startTimedQuest('savings', T0, store);
    stopQuest('savings', store);
    expect(localStorage.getItem('quest_timer_savings')).toBeNull();
    expect(readQuest('savings', T0, store).status).toBe('not-started');
    expect(nextQuestEnd(T0, store)).toBeNull();
  });

  it('when a quest is reset, then its stored state is cleared', () => {
    checkIn(store);
    resetQuest('weekly-check-in', store);
    expect(localStorage.getItem('quest_weekly-check-in')).toBeNull();
    expect(readQuest('weekly-check-in', T0, store).status).toBe('not-started');
  });
});

describe('the check when 24 hours are over', () => {
  it('when the time is not over, then nothing is checked', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank([]);
    expect(await checkExpiredQuests(reader, () => T0 + DAY - 1, store)).toEqual({});
    expect(reader.sync).not.toHaveBeenCalled();
  });

  it('when no restaurant shows in the day, then eating-out completes after a fresh sync, paying 3 lives and 50 XP', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader, order } = bank([{ ...meal, pending: true }]);
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({ 'eating-out': 'passed' });
    expect(order).toEqual(['sync', 'transactions']);
    expect(progress()).toEqual({ xp: 50, lives: 3 });
    expect(readQuest('eating-out', T0 + DAY, store).status).toBe('completed');
    expect(notes.map((n) => n.message)).toEqual([QUEST_MESSAGES['eating-out'].passed]);
  });

  it('when a restaurant meal shows, then the quest is not met, pays nothing and can start again', async () => {
    startTimedQuest('eating-out', T0, store);
    expect(await checkExpiredQuests(bank([meal]).reader, () => T0 + DAY, store)).toEqual({
      'eating-out': 'failed',
    });
    expect(progress()).toEqual({ xp: 0, lives: 0 });
    expect(readQuest('eating-out', T0 + DAY, store).status).toBe('not-started');
    expect(notes[0].message).toBe(QUEST_MESSAGES['eating-out'].failed);
  });

  it('when the quest ended days ago (the app was closed), then its own 24 hours are judged', async () => {
    startTimedQuest('savings', T0, store);
    const move = { name: 'Transfer to Savings', amount: 5, date: '2026-06-11', pending: false };
    const result = await checkExpiredQuests(bank([move]).reader, () => T0 + 5 * DAY, store);
    expect(result).toEqual({ savings: 'passed' });
  });

  it('when two checks overlap or the clock then moves back, then the reward is paid once', async () => {
    store.set(livesAtom, 4);
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank([]);
    const [a, b] = await Promise.all([
      checkExpiredQuests(reader, () => T0 + DAY, store),
      checkExpiredQuests(reader, () => T0 + DAY, store),
    ]);
    expect([a, b]).toContainEqual({ 'eating-out': 'passed' });
    expect([a, b]).toContainEqual({});
    expect(progress()).toEqual({ xp: 50, lives: 5 });
    await checkExpiredQuests(reader, () => T0 - DAY, store);
    await checkExpiredQuests(reader, () => T0 + 3 * DAY, store);
    expect(progress()).toEqual({ xp: 50, lives: 5 });
  });

  it('when no bank is connected, then nothing is judged and the quest waits', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank([], { hasBank: false });
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({});
    expect(readQuest('eating-out', T0 + DAY, store).status).toBe('expired');
  });

  it('when the sync fails, then the quest stays over and unjudged, and the player is told', async () => {
    startTimedQuest('savings', T0, store);
    await checkExpiredQuests(bank([], { syncFails: true }).reader, () => T0 + DAY, store);
    expect(readQuest('savings', T0 + DAY, store).status).toBe('expired');
    expect(notes.map((n) => n.message)).toEqual([CHECK_FAILED_MESSAGE]);
  });
});

describe('rewards and budgets', () => {
  it('when the weekly check-in completes twice, then 7 lives are clamped to 5 and paid once', () => {
    expect(checkIn(store)).toEqual({ xp: 50, lives: 7 });
    checkIn(store);
    expect(progress()).toEqual({ xp: 50, lives: 5 });
  });

  it('when the yearly income is saved, then its breakdown is stored and Budget Master unlocks once', () => {
    saveYearlyIncome(60000, store);
    saveYearlyIncome(72000, store);
    expect(localStorage.getItem('yearly_income')).toBe('72000');
    expect(JSON.parse(localStorage.getItem('yearly_income_budget') ?? '')).toEqual({
      monthly: 6000,
      needs: 3000,
      wants: 1800,
      savings: 1200,
    });
    expect(store.get(xpAtom)).toBe(100);
  });
});

describe('corrupted storage', () => {
  it('when quest keys hold bad JSON or impossible times, then the quest is not started and flagged invalid', () => {
    localStorage.setItem('quest_savings', '{oops');
    localStorage.setItem('quest_eating-out', '{"isStarted":true,"timeRemaining":86400}');
    localStorage.setItem('quest_timer_eating-out', '-5');
    expect(store.get(questStateAtom('savings'))).toBeNull();
    expect(store.get(questTimerAtom('eating-out'))).toBeNull();
    expect(readQuest('savings', T0, store).status).toBe('not-started');
    expect(readQuest('eating-out', T0, store).status).toBe('not-started');
    expect(rawQuestStorage('savings')).toEqual({ state: '{oops', timer: null, invalid: true });
    expect(rawQuestStorage('eating-out').invalid).toBe(true);
    expect(rawQuestStorage('track-spending')).toEqual({ state: null, timer: null, invalid: false });
  });
});
