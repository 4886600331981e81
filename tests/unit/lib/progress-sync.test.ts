// The progress outbox, its sender and the restore at sign-in (issue 13).
import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueue, nextBatch, pendingCount, remove, tokenOwner } from '@/lib/progress-sync/outbox';
import { flushProgress, recordProgress, startProgressSync } from '@/lib/progress-sync/sender';
import { applyServerProgress } from '@/lib/progress-sync/restore';
import { award } from '@/lib/progression';
import { livesAtom, onboardingCompletedAtom, questStateAtom, questTimerAtom, xpAtom } from '@/lib/atoms';
import { newProgressState } from '@/domain/progress-ledger';

/** An unsigned token whose payload names user `sub` (the client only reads it). */
const tokenFor = (sub: string) =>
  `x.${btoa(JSON.stringify({ sub })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`;

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const ok = () => new Response(JSON.stringify({ state: newProgressState(), applied: [], duplicates: [] }));
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

  it('when an intent pays, then one intent-level event waits for the signed-in user', () => {
    localStorage.setItem('token', tokenFor('7'));
    award('manual-expense', createStore());
    const [event] = nextBatch('7');
    expect(event).toMatchObject({ type: 'award', kind: 'manual-expense' });
    expect(event.type === 'award' && event.xp).toBeGreaterThanOrEqual(25);
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
