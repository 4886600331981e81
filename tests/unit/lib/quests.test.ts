// @vitest-environment jsdom
// The quests' intents on a fresh store with an injected clock and a stand-in server: start, stop,
// the check when 24 hours are over (a sync, then the server's verdict), pay-once, bad storage.
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
  type BankReader,
} from '@/lib/quests';
import { mirrorServer, resetQuest, startTimedQuest, stopQuest } from '@/lib/progression';
import { newProgressState } from '@/domain/progress-ledger';
import type { ProgressState } from '@/domain/progress-events';

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

type ServerQuests = ProgressState['quests'];
/** The server after its sync: its quest states (its verdict), read and mirrored once the sync is done. */
function bank(quests: ServerQuests, opts: { hasBank?: boolean; syncFails?: boolean } = {}) {
  const order: string[] = [];
  const reader: BankReader = {
    hasBank: vi.fn(async () => opts.hasBank ?? true),
    sync: vi.fn(async () => {
      order.push('sync');
      if (opts.syncFails) throw new Error('offline');
    }),
    // As the app's reader does (refreshProgress): the server's state is mirrored, and the mirror
    // says the verdict.
    progress: vi.fn(async () => {
      order.push('progress');
      const state = { ...newProgressState(), saved: true, quests };
      mirrorServer(state, store);
      return state;
    }),
  };
  return { reader, order };
}
const completed = { isStarted: false, completed: true, startedAt: null };
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
    const { reader } = bank({});
    expect(await checkExpiredQuests(reader, () => T0 + DAY - 1, store)).toEqual({});
    expect(reader.hasBank).not.toHaveBeenCalled();
    expect(reader.sync).not.toHaveBeenCalled();
  });

  it('when the server completed the quest, then after a fresh sync it passes and says so, paying nothing here', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader, order } = bank({ 'eating-out': completed });
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({ 'eating-out': 'passed' });
    expect(order).toEqual(['sync', 'progress']);
    expect(notes).toEqual([{ message: QUEST_MESSAGES['eating-out'].passed, tone: 'success' }]);
    // The reward is the server's: it arrives when its progress is mirrored.
    expect(progress()).toEqual({ xp: 0, lives: 0 });
  });

  it('when the server no longer has the quest, then it failed, and the player is told it can start again', async () => {
    startTimedQuest('eating-out', T0, store);
    expect(await checkExpiredQuests(bank({}).reader, () => T0 + DAY, store)).toEqual({
      'eating-out': 'failed',
    });
    expect(progress()).toEqual({ xp: 0, lives: 0 });
    expect(notes).toEqual([{ message: QUEST_MESSAGES['eating-out'].failed, tone: 'info' }]);
  });

  it('when the server has not judged the quest yet (still started), then nothing is said until the next check', async () => {
    startTimedQuest('savings', T0, store);
    const running = { savings: { isStarted: true, completed: false, startedAt: T0 } };
    expect(await checkExpiredQuests(bank(running).reader, () => T0 + DAY, store)).toEqual({});
    expect(notes).toEqual([]);
    expect(readQuest('savings', T0 + DAY, store).status).toBe('expired');
  });

  it('when both quests ended, then each gets its own verdict and message', async () => {
    startTimedQuest('savings', T0, store);
    startTimedQuest('eating-out', T0, store);
    const result = await checkExpiredQuests(bank({ savings: completed }).reader, () => T0 + DAY, store);
    expect(result).toEqual({ savings: 'passed', 'eating-out': 'failed' });
    expect(notes.map((n) => n.message).sort()).toEqual(
      [QUEST_MESSAGES.savings.passed, QUEST_MESSAGES['eating-out'].failed].sort(),
    );
  });

  it('when the quest ended days ago (the app was closed), then it is still checked', async () => {
    startTimedQuest('savings', T0, store);
    const result = await checkExpiredQuests(bank({ savings: completed }).reader, () => T0 + 5 * DAY, store);
    expect(result).toEqual({ savings: 'passed' });
  });

  it('when two checks overlap, then the quest is checked and announced once', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank({ 'eating-out': completed });
    const [a, b] = await Promise.all([
      checkExpiredQuests(reader, () => T0 + DAY, store),
      checkExpiredQuests(reader, () => T0 + DAY, store),
    ]);
    expect([a, b]).toContainEqual({ 'eating-out': 'passed' });
    expect([a, b]).toContainEqual({});
    expect(reader.sync).toHaveBeenCalledTimes(1);
    expect(notes).toHaveLength(1);
  });

  it('when the verdict is mirrored (as the app does), then a later check finds nothing to say', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank({ 'eating-out': completed });
    vi.mocked(reader.progress).mockImplementation(async () => {
      const state = { ...newProgressState(), saved: true, quests: { 'eating-out': completed } };
      mirrorServer(state, store);
      return state;
    });
    await checkExpiredQuests(reader, () => T0 + DAY, store);
    expect(readQuest('eating-out', T0 + DAY, store).status).toBe('completed');
    expect(await checkExpiredQuests(reader, () => T0 + 3 * DAY, store)).toEqual({});
    expect(notes).toHaveLength(1);
  });

  it('when no bank is connected, then nothing is judged and the quest waits', async () => {
    startTimedQuest('eating-out', T0, store);
    const { reader } = bank({}, { hasBank: false });
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({});
    expect(reader.sync).not.toHaveBeenCalled();
    expect(readQuest('eating-out', T0 + DAY, store).status).toBe('expired');
    expect(notes).toEqual([]);
  });

  it('when the sync fails, then the quest stays over and unjudged, and the player is told', async () => {
    startTimedQuest('savings', T0, store);
    const { reader } = bank({ savings: completed }, { syncFails: true });
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({});
    expect(reader.progress).not.toHaveBeenCalled();
    expect(readQuest('savings', T0 + DAY, store).status).toBe('expired');
    expect(notes.map((n) => n.message)).toEqual([CHECK_FAILED_MESSAGE]);
  });

  it("when the server's progress cannot be read, then the player is told the check failed", async () => {
    startTimedQuest('savings', T0, store);
    const { reader } = bank({});
    vi.mocked(reader.progress).mockRejectedValueOnce(new Error('offline'));
    expect(await checkExpiredQuests(reader, () => T0 + DAY, store)).toEqual({});
    expect(notes).toEqual([{ message: CHECK_FAILED_MESSAGE, tone: 'error' }]);
  });
});

describe('rewards and budgets', () => {
  it('when the weekly check-in completes twice, then 7 lives are clamped to 5 and paid once', () => {
    expect(checkIn(store)).toEqual({ xp: 50, lives: 7 });
    checkIn(store);
    expect(progress()).toEqual({ xp: 50, lives: 5 });
  });

  it('when the yearly income is saved, then its breakdown is stored and Budget Master is left to the server', () => {
    saveYearlyIncome(60000, store);
    saveYearlyIncome(72000, store);
    expect(localStorage.getItem('yearly_income')).toBe('72000');
    expect(JSON.parse(localStorage.getItem('yearly_income_budget') ?? '')).toEqual({
      monthly: 6000,
      needs: 3000,
      wants: 1800,
      savings: 1200,
    });
    expect(store.get(xpAtom)).toBe(0);
    expect(localStorage.getItem('budget_master_unlocked')).toBeNull();
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
