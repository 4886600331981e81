// Progress kept on the server (issue 13): the ledger applies intent-level events once, in order,
// by the shared rules, on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestServer } from './helpers';
import type { ProgressEventBody, ProgressState } from '../../src/domain/progress-events';

let s: Awaited<ReturnType<typeof createTestServer>>;
beforeAll(async () => {
  s = await createTestServer();
});
afterAll(() => s.close());

const ev = (body: ProgressEventBody, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  at: s.clock.now().getTime(),
  ...body,
  ...extra,
});
type Answer = { state: ProgressState; applied: string[]; duplicates: string[]; error?: string };
const send = (token: string, events: unknown[]) =>
  s.req<Answer>('POST', '/api/progress/events', { events }, token);
const state = async (token: string) =>
  (await s.req<ProgressState>('GET', '/api/progress', undefined, token)).body;

describe('GET /api/progress', () => {
  it('when a new user asks, then the state starts from zero', async () => {
    const token = await s.register();
    const res = await s.req<ProgressState>('GET', '/api/progress', undefined, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      xp: 0,
      lives: 0,
      achievements: [],
      onboardingCompleted: false,
      history: [],
    });
  });

  it('when nobody is signed in, then 401', async () => {
    expect((await s.req('GET', '/api/progress')).status).toBe(401);
    expect((await s.req('POST', '/api/progress/events', { events: [] })).status).toBe(401);
  });
});

describe('POST /api/progress/events', () => {
  it('when a batch is sent twice, then the replay changes nothing and lists the ids as duplicates', async () => {
    const token = await s.register();
    const batch = [ev({ type: 'award', kind: 'login' }), ev({ type: 'award', kind: 'bank-refresh' })];
    const first = await send(token, batch);
    expect(first.status).toBe(200);
    expect(first.body.state.xp).toBe(15);
    expect((await state(token)).saved).toBe(true);
    expect(first.body.applied).toEqual(batch.map((e) => e.id));
    const replay = await send(token, batch);
    expect(replay.body.state.xp).toBe(15);
    expect(replay.body.duplicates).toEqual(batch.map((e) => e.id));
    expect(replay.body.applied).toEqual([]);
  });

  it('when one id appears twice in a batch, then it applies once', async () => {
    const token = await s.register();
    const e = ev({ type: 'award', kind: 'login' });
    const res = await send(token, [e, e]);
    expect(res.body.state.xp).toBe(10);
    expect(res.body.duplicates).toEqual([e.id]);
  });

  it('when events arrive in order, then each applies to the state the previous one left', async () => {
    const token = await s.register();
    // Quest lives first (7), then games spend them; the fifth cap keeps lives at 5.
    const res = await send(token, [
      ev({ type: 'quest-complete', quest: 'weekly-check-in' }),
      ev({ type: 'game-start', game: 'breakout' }),
      ev({ type: 'game-start', game: 'helicopter' }),
    ]);
    expect(res.body.state.lives).toBe(3);
    expect(res.body.state.xp).toBe(50);
    expect(res.body.state.history.map((h) => h.text)).toEqual([
      '\u22121 life \u00b7 Helicopter started',
      '\u22121 life \u00b7 Breakout started',
      '+50 XP +5 lives \u00b7 quest completed',
    ]);
  });

  it('when lives would leave 0..5 or XP go below 0, then they clamp and a start without lives pays nothing', async () => {
    const token = await s.register();
    const noLives = await send(token, [ev({ type: 'game-start', game: '2048' })]);
    expect(noLives.body.state.lives).toBe(0);
    const matcher = await send(token, [ev({ type: 'matcher', xp: -10, results: { a: 'Want', b: 'Want' } })]);
    expect(matcher.body.state.xp).toBe(0);
    const many = await send(token, [
      ev({ type: 'award', kind: 'manual-expense', xp: 25, lives: 3 }),
      ev({ type: 'award', kind: 'manual-expense', xp: 25, lives: 3 }),
    ]);
    expect(many.body.state.lives).toBe(5);
  });

  it('when the bank is connected twice, then Account Master pays once and reconnecting after it pays nothing', async () => {
    const token = await s.register();
    await send(token, [ev({ type: 'award', kind: 'bank-connected' })]);
    const again = await send(token, [
      ev({ type: 'award', kind: 'bank-connected' }),
      ev({ type: 'award', kind: 'bank-reconnected' }),
    ]);
    expect(again.body.state.achievements).toEqual(['account-master']);
    expect(again.body.state.xp).toBe(25 + 100 + 25);
  });

  it('when two devices send batches at the same moment, then both apply and once-only rewards stay once', async () => {
    const token = await s.register();
    const device = () => [
      ev({ type: 'award', kind: 'bank-connected' }),
      ev({ type: 'award', kind: 'onboarding' }),
      ev({ type: 'award', kind: 'manual-expense', xp: 30, lives: 1 }),
    ];
    const answers = await Promise.all([send(token, device()), send(token, device())]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const final = await state(token);
    // 2 x 25 (connections) + 100 (Account Master, once) + 50 (onboarding, once) + 2 x 30.
    expect(final.xp).toBe(50 + 100 + 50 + 60);
    expect(final.lives).toBe(2);
    expect(final.achievements).toEqual(['account-master']);
  });

  it('when a quest completes twice, then it pays once until it is reset', async () => {
    const token = await s.register();
    const done = () => ev({ type: 'quest-complete', quest: 'savings' });
    await send(token, [done(), done()]);
    expect((await state(token)).xp).toBe(50);
    await send(token, [ev({ type: 'quest-reset', quest: 'savings' }), done()]);
    expect((await state(token)).xp).toBe(100);
  });

  it('when a Breakout win comes without an unrewarded play, then it pays nothing', async () => {
    const token = await s.register();
    await send(token, [ev({ type: 'quest-complete', quest: 'savings' })]);
    const win = await send(token, [
      ev({ type: 'game-reward', kind: 'breakout-win' }),
      ev({ type: 'game-start', game: 'breakout' }),
      ev({ type: 'game-reward', kind: 'breakout-win' }),
      ev({ type: 'game-reward', kind: 'breakout-win' }),
    ]);
    expect(win.body.state.lives).toBe(5); // 3 - 1 + 3, clamped
    expect(win.body.state.history.filter((h) => h.text.includes('Breakout cleared'))).toHaveLength(1);
  });

  it('when settings, days, quests and best scores arrive, then the state keeps them for restoring', async () => {
    const token = await s.register();
    const res = await send(token, [
      ev({ type: 'setting', key: 'userGoal', value: 'Save for a trip' }),
      ev({ type: 'day', kind: 'login', date: '2025-03-01' }),
      ev({ type: 'quest-start', quest: 'eating-out' }),
      ev({ type: 'best-score', game: '2048', score: 512 }),
      ev({ type: 'best-score', game: '2048', score: 128 }),
      ev({ type: 'matcher', xp: 15, results: { t1: 'Need', t2: 'Want', t3: 'Savings' } }),
    ]);
    expect(res.body.state).toMatchObject({
      settings: { userGoal: 'Save for a trip' },
      loginDates: ['2025-03-01'],
      quests: { 'eating-out': { isStarted: true, completed: false } },
      bestScores: { '2048': 512 },
      matcherResults: { t1: 'Need', t2: 'Want', t3: 'Savings' },
      xp: 15,
    });
  });

  it('when the user deletes the account, then the progress and its ledger go with it', async () => {
    const token = await s.register();
    await send(token, [ev({ type: 'award', kind: 'login' })]);
    const before = { progress: await s.countRows('progress'), events: await s.countRows('progress_events') };
    expect((await s.req('DELETE', '/api/auth/account', undefined, token)).status).toBe(200);
    expect(await s.countRows('progress')).toBe(before.progress - 1);
    expect(await s.countRows('progress_events')).toBe(before.events - 1);
  });
});

describe('POST /api/progress/events with bad input', () => {
  const cases: [string, () => unknown][] = [
    ['an unknown type', () => ({ events: [ev({ type: 'award', kind: 'login' }, { type: 'lottery' })] })],
    [
      'an unknown award kind',
      () => ({ events: [ev({ type: 'award', kind: 'login' }, { kind: 'jackpot' })] }),
    ],
    [
      'a negative manual reward',
      () => ({ events: [ev({ type: 'award', kind: 'manual-expense', xp: -25, lives: 1 })] }),
    ],
    [
      'a huge manual reward',
      () => ({ events: [ev({ type: 'award', kind: 'manual-expense', xp: 1e9, lives: 1 })] }),
    ],
    [
      'a fractional amount',
      () => ({ events: [ev({ type: 'award', kind: 'manual-expense', xp: 25.5, lives: 1 })] }),
    ],
    ['an unknown quest', () => ({ events: [ev({ type: 'quest-complete', quest: 'rob-a-bank' as never })] })],
    [
      'an unknown achievement',
      () => ({ events: [ev({ type: 'achievement', achievement: 'account-master' as never })] }),
    ],
    ['an id that is not a UUID', () => ({ events: [ev({ type: 'award', kind: 'login' }, { id: 'x' })] })],
    [
      'a clock far in the future',
      () => ({ events: [ev({ type: 'award', kind: 'login' }, { at: Date.parse('2099-01-01') })] }),
    ],
    ['NaN as a time', () => ({ events: [ev({ type: 'award', kind: 'login' }, { at: 'NaN' })] })],
    ['an extra field', () => ({ events: [ev({ type: 'award', kind: 'login' }, { xp: 500 })] })],
    ['a NUL byte', () => ({ events: [ev({ type: 'setting', key: 'userGoal', value: 'a\u0000b' })] })],
    [
      'a setting that is too long',
      () => ({ events: [ev({ type: 'setting', key: 'userGoal', value: 'x'.repeat(201) })] }),
    ],
    ['an unknown setting', () => ({ events: [ev({ type: 'setting', key: 'token' as never, value: 'x' })] })],
    ['a bad day', () => ({ events: [ev({ type: 'day', kind: 'login', date: 'yesterday' })] })],
    ['an empty batch', () => ({ events: [] })],
    ['no list', () => ({ events: 'all of them' })],
    [
      'a batch of 10,000 events',
      () => ({ events: Array.from({ length: 10_000 }, () => ev({ type: 'award', kind: 'login' })) }),
    ],
    [
      '__proto__ keys',
      () =>
        JSON.parse(
          `{"events":[{"__proto__":{"xp":1},"id":"${randomUUID()}","at":1,"type":"award","kind":"login"}]}`,
        ),
    ],
  ];
  for (const [name, body] of cases) {
    it(`when the batch has ${name}, then 400 with an error and nothing changes`, async () => {
      const token = await s.register();
      const res = await s.req<{ error: string }>('POST', '/api/progress/events', body(), token);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
      expect(await state(token)).toMatchObject({ xp: 0, lives: 0, history: [] });
    });
  }

  it('when a matcher round claims more XP than its cards allow, then it pays nothing', async () => {
    const token = await s.register();
    const res = await send(token, [ev({ type: 'matcher', xp: 100, results: { only: 'Need' } })]);
    expect(res.status).toBe(200);
    expect(res.body.state.xp).toBe(0);
    expect(res.body.state.matcherResults).toEqual({});
  });

  it("when a user sends another user's event id, then it is only a new event of their own", async () => {
    const a = await s.register();
    const b = await s.register();
    const shared = ev({ type: 'award', kind: 'login' });
    await send(a, [shared]);
    const res = await send(b, [shared]);
    expect(res.body.applied).toEqual([shared.id]);
    expect((await state(a)).xp).toBe(10);
    expect((await state(b)).xp).toBe(10);
  });
});
