// @vitest-environment jsdom
// Issue 30: the first GETs of a signed-in page are sent by the preload script, before React has
// run, and the API client takes each answer once, for the same session, while it is fresh.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_DATA_KEY as PRELOAD_KEY, EARLY_GETS, SESSION_GETS, startEarlyData } from '@/app/preload-route';
import {
  EARLY_DATA_KEY,
  EARLY_MAX_AGE_MS,
  earlyPaths,
  takeEarlyAnswer,
  type EarlyData,
} from '@/lib/early-data';
import { api, setEarlyAnswers } from '@/lib/api-client';
import { QueryClient } from '@tanstack/react-query';
import { LIST_PATHS, primeLists, queryKeys } from '@/bank/queries';
import { createStore } from 'jotai';
import { refreshProgress } from '@/lib/progress-sync/restore';
import { enqueue } from '@/lib/progress-sync/outbox';
import { newProgressState } from '@/domain/progress-ledger';
import { tokenFor } from '../../support/unsigned-token';

const store = (token: string | null) => ({ getItem: (k: string) => (k === 'token' ? token : null) });
/** The part of index.html's route list the early GETs read: the token's key and the signed-in pages. */
const LIST = {
  token: 'token',
  signedIn: Object.fromEntries(['/', '/home', '/games', '/games/breakout', '/profile'].map((p) => [p, []])),
};

function fakeWindow() {
  const fetch = vi.fn((url: string) =>
    Promise.resolve(new Response(JSON.stringify({ url }), { status: 200 })),
  );
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls: fetch.mock.calls,
    performance: { now: () => 100 } as Performance,
  } as {
    fetch: typeof globalThis.fetch;
    calls: unknown[][];
    performance: Performance;
  } & Record<string, unknown>;
}

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_DATA_KEY];
  vi.unstubAllGlobals();
});

describe('the preload script sends the page first GETs', () => {
  it('when the page is Home and a token is stored, then its lists and then the session reads are asked for with the token', () => {
    const win = fakeWindow();
    expect(startEarlyData('#/home', store('a.b.c'), LIST, win)).toBe(true);
    expect(win.calls.map((c) => c[0])).toEqual([
      '/api/plaid/transactions',
      '/api/plaid/accounts',
      '/api/transactions/manual',
      '/api/bills',
      '/api/auth/me',
      '/api/progress',
    ]);
    expect(win.calls[0]![1]).toEqual({
      headers: { Accept: 'application/json', Authorization: 'Bearer a.b.c' },
      priority: 'high',
    });
    expect(win[PRELOAD_KEY]).toMatchObject({ token: 'a.b.c', at: 100 });
  });

  it('when a signed-in page reads no list early, then only the session reads are sent', () => {
    for (const hash of ['#/games/breakout', '#/games?tab=1']) {
      const win = fakeWindow();
      expect(startEarlyData(hash, store('a.b.c'), LIST, win)).toBe(true);
      expect(win.calls.map((c) => c[0])).toEqual(['/api/auth/me', '/api/progress']);
      expect(Object.keys((win[PRELOAD_KEY] as EarlyData).answers)).toEqual([...SESSION_GETS]);
    }
  });

  it('when nobody is signed in, or the screen is not a signed-in page, then nothing is sent', () => {
    for (const [hash, token] of [
      ['#/home', null],
      ['#/login', 'a.b.c'],
      ['#/no-such-page', 'a.b.c'],
    ] as const) {
      const win = fakeWindow();
      expect(startEarlyData(hash, store(token), LIST, win)).toBe(false);
      expect(win.calls).toEqual([]);
      expect(win[PRELOAD_KEY]).toBeUndefined();
    }
  });

  it('the window property has one name in both files', () => {
    expect(PRELOAD_KEY).toBe(EARLY_DATA_KEY);
  });

  it("every early path is a GET the app makes: the bank module's lists, Learn and the statement imports", () => {
    const source = [
      'src/bank/api.ts',
      'src/bank/manual-api.ts',
      'src/bank/bills-api.ts',
      'src/lib/learn.ts',
      'src/features/transactions/import-api.ts',
    ]
      .map((f) => readFileSync(path.resolve(f), 'utf8'))
      .join('\n');
    const gets = (p: string) => new RegExp(`api\\s*\\.get<[^(]*>\\(\\s*'${p.replace(/\//g, '\\/')}'`);
    for (const p of Object.values(LIST_PATHS)) expect(source, p).toMatch(gets(p));
    for (const p of new Set(Object.values(EARLY_GETS).flat())) expect(source, p).toMatch(gets(p));
    // The session's reads: app/use-session-start.ts and lib/progress-sync/restore.ts.
    const session = ['src/app/use-session-start.ts', 'src/lib/progress-sync/restore.ts']
      .map((f) => readFileSync(path.resolve(f), 'utf8'))
      .join('\n');
    for (const p of SESSION_GETS) expect(session, p).toMatch(gets(p));
  });
});

describe('the lists asked for early go into the cache when the signed-in code runs', () => {
  beforeEach(() => setEarlyAnswers(takeEarlyAnswer));
  afterEach(() => setEarlyAnswers(null));

  it('when the answers of Home wait, then each list is in the cache without a request of its own', async () => {
    localStorage.setItem('token', 'a.b.c');
    const json = (v: unknown) => Promise.resolve(new Response(JSON.stringify(v)));
    (globalThis as Record<string, unknown>)[EARLY_DATA_KEY] = {
      token: 'a.b.c',
      at: performance.now(),
      answers: {
        '/plaid/accounts': json([{ account_id: 'acc-1' }]),
        '/transactions/manual': json([{ id: 7, name: 'Lunch' }]),
      },
    };
    expect(earlyPaths('a.b.c').sort()).toEqual(['/plaid/accounts', '/transactions/manual']);
    expect(earlyPaths('other.token')).toEqual([]);
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    primeLists(earlyPaths('a.b.c'), client);
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.manual)).toEqual([{ id: 7, name: 'Lunch' }]));
    await vi.waitFor(() => expect(client.getQueryData(queryKeys.accounts)).toBeTruthy());
    // Lists that were not asked for early are left to the pages, and nothing went to the network.
    expect(client.getQueryState(queryKeys.transactions)).toBeUndefined();
    expect(client.getQueryState(queryKeys.bills)).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(earlyPaths('a.b.c')).toEqual([]);
  });

  it('when the early answers are too old, then none is waiting', () => {
    (globalThis as Record<string, unknown>)[EARLY_DATA_KEY] = {
      token: 'a.b.c',
      at: 0,
      answers: { '/bills': Promise.resolve(new Response('{}')) },
    };
    expect(earlyPaths('a.b.c', EARLY_MAX_AGE_MS + 1)).toEqual([]);
  });
});

const progressAnswer = (xp: number) =>
  new Response(JSON.stringify({ ...newProgressState(), saved: true, xp, questOutcomes: [] }));

describe('the API client takes an early answer', () => {
  beforeEach(() => setEarlyAnswers(takeEarlyAnswer));
  afterEach(() => setEarlyAnswers(null));

  const put = (data: Partial<EarlyData>) => {
    (globalThis as Record<string, unknown>)[EARLY_DATA_KEY] = {
      token: 'a.b.c',
      at: performance.now(),
      answers: {},
      ...data,
    };
  };

  it('when the same session asks for it, then it is used once and the next call goes to the network', async () => {
    localStorage.setItem('token', 'a.b.c');
    put({ answers: { '/plaid/accounts': Promise.resolve(new Response('[{"id":"early"}]')) } });
    const fetchMock = vi.fn().mockResolvedValue(new Response('[{"id":"network"}]'));
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get('/plaid/accounts')).toEqual([{ id: 'early' }]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api.get('/plaid/accounts')).toEqual([{ id: 'network' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when it failed on the way, then the call is sent again', async () => {
    localStorage.setItem('token', 'a.b.c');
    put({ answers: { '/plaid/accounts': Promise.reject(new TypeError('Failed to fetch')) } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('[]')));
    expect(await api.get('/plaid/accounts')).toEqual([]);
  });

  it('when it belongs to another session or is too old, then it is not used', () => {
    const answer = Promise.resolve(new Response('[]'));
    put({ answers: { '/x': answer } });
    expect(takeEarlyAnswer('/x', 'other.token')).toBeNull();
    put({ answers: { '/x': answer }, at: 0 });
    expect(takeEarlyAnswer('/x', 'a.b.c', EARLY_MAX_AGE_MS + 1)).toBeNull();
    put({ answers: { '/x': answer }, at: 0 });
    expect(takeEarlyAnswer('/x', 'a.b.c', EARLY_MAX_AGE_MS)).toBe(answer);
    expect(takeEarlyAnswer('/x', 'a.b.c', EARLY_MAX_AGE_MS)).toBeNull();
  });

  it('when the session runtime has not provided the early answers, then the call goes to the network', async () => {
    setEarlyAnswers(null);
    localStorage.setItem('token', 'a.b.c');
    put({ answers: { '/plaid/accounts': Promise.resolve(new Response('[{"id":"early"}]')) } });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('[{"id":"network"}]')));
    expect(await api.get('/plaid/accounts')).toEqual([{ id: 'network' }]);
  });

  it('when its 401 comes back, then it is handled as any 401', async () => {
    localStorage.setItem('token', 'a.b.c');
    put({
      answers: {
        '/plaid/accounts': Promise.resolve(new Response('{"error":"Session expired"}', { status: 401 })),
      },
    });
    vi.stubGlobal('fetch', vi.fn());
    await expect(api.get('/plaid/accounts')).rejects.toMatchObject({
      status: 401,
      message: 'Session expired',
    });
  });

  it('when the session starts with nothing waiting, then the early progress answer is the one it mirrors', async () => {
    const token = tokenFor('7');
    localStorage.setItem('token', token);
    put({ token, answers: { '/progress': Promise.resolve(progressAnswer(40)) } });
    const fetchMock = vi.fn().mockResolvedValue(progressAnswer(99));
    vi.stubGlobal('fetch', fetchMock);
    expect((await refreshProgress(createStore(), { announce: false })).xp).toBe(40);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when a page that mounts with the session reads the progress in the same task, then the session start still gets the early answer (it carries what the visit paid)', async () => {
    const token = tokenFor('7');
    localStorage.setItem('token', token);
    put({ token, answers: { '/progress': Promise.resolve(progressAnswer(40)) } });
    const fetchMock = vi.fn().mockResolvedValue(progressAnswer(99));
    vi.stubGlobal('fetch', fetchMock);
    // The session runtime's effect first, then Profile's history query, with no await between.
    const start = refreshProgress(createStore(), { announce: false });
    const history = api.get<{ xp: number }>('/progress');
    expect((await start).xp).toBe(40);
    expect((await history).xp).toBe(99);
  });

  it('when progress events wait to be sent, then the early progress answer (which counts none of them) is dropped and read again after them', async () => {
    const token = tokenFor('7');
    localStorage.setItem('token', token);
    enqueue('7', { type: 'award', kind: 'login' });
    put({ token, answers: { '/progress': Promise.resolve(progressAnswer(40)) } });
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/progress/events')
          ? new Response(JSON.stringify({ state: { ...newProgressState(), xp: 50 }, results: [] }))
          : progressAnswer(50),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect((await refreshProgress(createStore(), { announce: false })).xp).toBe(50);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/progress/events', '/api/progress']);
    expect(earlyPaths(token)).toEqual([]);
  });
});
