// @vitest-environment jsdom
// The progress outbox, its sender (with what it tells of the server's verdicts and the mirror of
// its answer) and the restore at sign-in (issue 13).
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, nextBatch, pendingCount, remove, tokenOwner } from '@/lib/progress-sync/outbox';
import { flushProgress, recordProgress, startProgressSync } from '@/lib/progress-sync/sender';
import { applyServerProgress } from '@/lib/progress-sync/restore';
import { award } from '@/lib/progression';
import { livesAtom, onboardingCompletedAtom, questStateAtom, questTimerAtom, xpAtom } from '@/lib/atoms';
import { on, type AppEventDetail } from '@/lib/events';
import { newProgressState } from '@/domain/progress-ledger';
import type { EventResult, ProgressEvent, ProgressState } from '@/domain/progress-events';
import { tokenFor } from '../../support/unsigned-token';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = () => new Response(JSON.stringify({ state: newProgressState(), results: [] }));
/** The server's answer to a batch: its state and its verdict on each event. */
const answer = (state: Partial<ProgressState>, results: EventResult[] = []) =>
  new Response(JSON.stringify({ state: { ...newProgressState(), saved: true, ...state }, results }));
const verdict = (event: ProgressEvent, over: Partial<EventResult>): EventResult => ({
  id: event.id,
  status: 'counted',
  xp: 0,
  lives: 0,
  livesOffered: 0,
  ...over,
});
const sentEvents = (call: number) =>
  (JSON.parse(String(fetchMock.mock.calls[call][1]?.body)) as { events: { type: string }[] }).events;

describe('the outbox', () => {
  it("when events of two users wait, then each user's batch holds only their own, at most 100", () => {
    for (let i = 0; i < 120; i++) enqueue('1', { type: 'award', kind: 'login' });
    enqueue('2', { type: 'award', kind: 'bank-refresh' });
    expect(nextBatch('1')).toHaveLength(100);
    expect(nextBatch('2').map((e) => e.type)).toEqual(['award']);
    remove(nextBatch('1').map((e) => e.id));
    expect(pendingCount('1')).toBe(20);
    expect(pendingCount('2')).toBe(1);
  });

  it('when the stored outbox is not a list of events, then it reads as empty', () => {
    localStorage.setItem('progress_outbox', '{"owner":1}');
    expect(nextBatch('1')).toEqual([]);
    localStorage.setItem('progress_outbox', 'not json');
    expect(pendingCount('1')).toBe(0);
  });

  it('when a token is read, then its subject is the owner; a bad token has none', () => {
    expect(tokenOwner(tokenFor('42'))).toBe('42');
    expect(tokenOwner('garbage')).toBeNull();
    expect(tokenOwner(tokenFor('../1'))).toBeNull();
    expect(tokenOwner(null)).toBeNull();
  });
});

describe('the sender', () => {
  it('when nobody is signed in, then nothing is recorded', () => {
    recordProgress({ type: 'award', kind: 'login' });
    expect(localStorage.getItem('progress_outbox')).toBeNull();
  });

  it('when an intent pays, then one intent-level event waits for the signed-in user, with no amount', () => {
    localStorage.setItem('token', tokenFor('7'));
    award('onboarding', createStore());
    const batch = nextBatch('7');
    expect(batch).toHaveLength(1);
    expect(batch[0]).toMatchObject({ type: 'award', kind: 'onboarding' });
    expect(batch[0]).not.toHaveProperty('xp');
  });

  it('when the server fails, then the events stay and are sent again after a growing delay', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', tokenFor('7'));
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 503 }));
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 502 }));
    fetchMock.mockResolvedValue(ok());
    const stop = startProgressSync();
    recordProgress({ type: 'award', kind: 'login' });
    await vi.advanceTimersByTimeAsync(1_000); // the send shortly after the event
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pendingCount('7')).toBe(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // first retry after 2 s
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1); // then 4 s
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(sentEvents(2).map((e) => e.type)).toEqual(['award']);
    expect(pendingCount('7')).toBe(0);
    stop();
  });

  it('when the server refuses a batch with a 400, then it is dropped instead of resent forever', async () => {
    localStorage.setItem('token', tokenFor('7'));
    enqueue('7', { type: 'award', kind: 'login' });
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: 'Unknown event type' }), { status: 400 }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await flushProgress()).toBe(true);
    expect(pendingCount('7')).toBe(0);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("when a flush is for one user, then another user's waiting events are not sent with their token", async () => {
    enqueue('8', { type: 'award', kind: 'login' });
    fetchMock.mockResolvedValue(ok());
    expect(await flushProgress(tokenFor('7'))).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pendingCount('8')).toBe(1);
  });
});

describe("what the sender tells of the server's answer", () => {
  let notes: AppEventDetail['notify'][];
  let off: () => void;
  beforeEach(() => {
    notes = [];
    off = on('notify', (n) => notes.push(n));
    localStorage.setItem('token', tokenFor('7'));
  });
  afterEach(() => off());

  it("when the server refuses the player's claims, then each reason is told once as 'Not counted'", async () => {
    const win = enqueue('7', { type: 'game-reward', kind: 'breakout-win' });
    const quest = enqueue('7', { type: 'quest-complete', quest: 'savings' });
    const again = enqueue('7', { type: 'quest-complete', quest: 'eating-out' });
    const start = enqueue('7', { type: 'game-start', game: 'breakout' });
    const timed = 'This quest is completed by the server when it checks your bank data';
    fetchMock.mockResolvedValueOnce(
      answer({}, [
        verdict(win, { status: 'refused', reason: 'The server saw no start of this game' }),
        verdict(quest, { status: 'refused', reason: timed }),
        verdict(again, { status: 'refused', reason: timed }),
        verdict(start, {}),
      ]),
    );
    expect(await flushProgress()).toBe(true);
    expect(notes).toEqual([
      { message: 'Not counted: The server saw no start of this game', tone: 'info' },
      { message: `Not counted: ${timed}`, tone: 'info' },
    ]);
    expect(pendingCount('7')).toBe(0);
  });

  it("when the server refuses what is not a player's claim (an old client's award), then nothing is said", async () => {
    const old = enqueue('7', { type: 'award', kind: 'login' });
    const setting = enqueue('7', { type: 'setting', key: 'userGoal', value: 'x' });
    fetchMock.mockResolvedValueOnce(
      answer({}, [
        verdict(old, {
          status: 'refused',
          reason: 'Sign-in rewards are paid by the server when you sign in',
        }),
        verdict(setting, { status: 'duplicate' }),
      ]),
    );
    expect(await flushProgress()).toBe(true);
    expect(notes).toEqual([]);
    expect(pendingCount('7')).toBe(0);
  });

  it('when the lives cap cut a counted reward, then the player is told what was kept', async () => {
    const win = enqueue('7', { type: 'game-reward', kind: 'breakout-win' });
    const quest = enqueue('7', { type: 'quest-complete', quest: 'track-spending' });
    fetchMock.mockResolvedValueOnce(
      answer({ lives: 5 }, [
        verdict(win, { lives: 1, livesOffered: 3 }),
        verdict(quest, { xp: 50, lives: 3, livesOffered: 3 }),
      ]),
    );
    await flushProgress();
    expect(notes).toEqual([{ message: '+1 life: lives full', tone: 'info' }]);
  });

  it('when the outbox is emptied, then the mirror gets the last state the server answered, once', async () => {
    vi.useFakeTimers();
    const mirror = vi.fn();
    for (let i = 0; i < 101; i++) enqueue('7', { type: 'game-start', game: 'breakout' });
    fetchMock.mockResolvedValueOnce(answer({ xp: 1 }));
    fetchMock.mockResolvedValueOnce(answer({ xp: 2 }));
    const stop = startProgressSync(mirror);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Not after the first batch (one event still waited), only once everything was judged.
    expect(mirror).toHaveBeenCalledTimes(1);
    expect(mirror).toHaveBeenCalledWith(expect.objectContaining({ xp: 2 }));
    stop();
  });

  it('when the send fails, then the mirror is not called and the local figures stay', async () => {
    vi.useFakeTimers();
    const mirror = vi.fn();
    enqueue('7', { type: 'game-start', game: 'breakout' });
    fetchMock.mockResolvedValue(new Response('{}', { status: 503 }));
    const stop = startProgressSync(mirror);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(mirror).not.toHaveBeenCalled();
    expect(pendingCount('7')).toBe(1);
    stop();
  });
});

describe('restoring server progress', () => {
  it('when the server holds progress, then it is written into the spec keys through their codecs', () => {
    const store = createStore();
    const state = {
      ...newProgressState(),
      saved: true,
      xp: 210,
      lives: 99, // out of range: the lives codec keeps 5
      achievements: ['budget-master' as const],
      quests: { savings: { isStarted: true, completed: false, startedAt: 1_700_000_000_000 } },
      settings: { userGoal: 'Save for a trip', budget_income: '2000' },
      bestScores: { '2048': 512 },
    };
    applyServerProgress(state, store);
    expect(store.get(xpAtom)).toBe(210);
    expect(store.get(livesAtom)).toBe(5);
    expect(localStorage.getItem('budget_master_unlocked')).toBe('true');
    expect(store.get(questStateAtom('savings'))).toEqual({ isStarted: true, timeRemaining: 86_400 });
    expect(store.get(questTimerAtom('savings'))).toBe(1_700_000_000_000);
    expect(localStorage.getItem('userGoal')).toBe('Save for a trip');
    expect(localStorage.getItem('budget_income')).toBe('2000');
    expect(localStorage.getItem('game2048_best_score')).toBe('512');
    // The goal shows the tour was finished, even when it was skipped (which pays nothing).
    expect(store.get(onboardingCompletedAtom)).toBe(true);
  });
});
