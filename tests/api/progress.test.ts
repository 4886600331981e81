// The server referees the game economy (issue 22): it pays only what it saw, on its own clock,
// with the spec's amounts; a browser's claims are judged one by one. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createTestServer, linkSandboxItem } from '../support/server';
import type {
  EventResult,
  ProgressEventBody,
  ProgressState,
  RewardNotice,
} from '../../src/domain/progress-events';

let s: Awaited<ReturnType<typeof createTestServer>>;
beforeAll(async () => {
  // Tokens last long here: these tests move the clock by weeks.
  s = await createTestServer({ now: new Date('2025-03-03T12:00:00Z'), env: { TOKEN_TTL_HOURS: '2000' } });
});
afterAll(() => s.close());

const ev = (body: ProgressEventBody | Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  at: s.clock.now().getTime(),
  ...body,
  ...extra,
});
type Answer = {
  state: ProgressState;
  results: EventResult[];
  applied: string[];
  duplicates: string[];
  error?: string;
};
const send = (token: string, events: unknown[]) =>
  s.req<Answer>('POST', '/api/progress/events', { events }, token);
const state = async (token: string) =>
  (await s.req<ProgressState>('GET', '/api/progress', undefined, token)).body;
const later = (ms: number) => s.clock.set(new Date(s.clock.now().getTime() + ms));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A user with `lives` lives and `xp` XP, set in the database as an earlier history would have. */
async function player(opts: { xp?: number; lives?: number } = {}) {
  const token = await s.register();
  await state(token); // creates the row
  const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body;
  const row = await s.db('progress').where({ user_id: me.id }).first('state');
  const st = JSON.parse(row.state as string) as ProgressState;
  st.xp = opts.xp ?? 0;
  st.lives = opts.lives ?? 0;
  await s
    .db('progress')
    .where({ user_id: me.id })
    .update({ state: JSON.stringify(st) });
  return { token, id: me.id };
}

async function login(email: string) {
  return s.req<{ token: string; progress: ProgressState; reward: RewardNotice }>('POST', '/api/auth/login', {
    email,
    password: 'secret123',
    timeZone: 'UTC',
  });
}

describe('the measurements of issue 22, each now paying nothing', () => {
  it('when a user with no bank and no expense claims awards, achievements, quests and a matcher round, then nothing is paid and each is refused with a reason', async () => {
    const token = await s.register();
    const claims = [
      ...Array.from({ length: 20 }, () => ev({ type: 'award', kind: 'login' })),
      ...Array.from({ length: 20 }, () => ev({ type: 'award', kind: 'manual-expense', xp: 74, lives: 3 })),
      ...Array.from({ length: 20 }, () => ev({ type: 'award', kind: 'bank-connected' })),
      ev({ type: 'achievement', achievement: 'streak-starter' }),
      ev({ type: 'achievement', achievement: 'budget-pro' }),
      ev({
        type: 'matcher',
        xp: 10_000,
        results: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`id${i}`, 'Need'])),
      }),
      ...Array.from({ length: 10 }, () => ev({ type: 'day', kind: 'login', date: '2025-03-01' })),
    ];
    const res = await send(token, claims);
    expect(res.status).toBe(200);
    expect(res.body.state).toMatchObject({ xp: 0, lives: 0, achievements: [] });
    expect(res.body.results.every((r) => r.status === 'refused' && typeof r.reason === 'string')).toBe(true);
    expect(res.body.results.find((r) => r.id === claims[0]!.id)?.reason).toMatch(/server when you sign in/);
    // The 1,000 made-up ids are kept nowhere.
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body;
    const row = await s.db('progress').where({ user_id: me.id }).first('state');
    expect((row.state as string).length).toBeLessThan(4000);
  });

  it('when the emergency-fund quest is completed and reset 10 times, then it pays once', async () => {
    const token = await s.register();
    const pairs = Array.from({ length: 10 }, () => [
      ev({ type: 'quest-complete', quest: 'emergency-fund' }),
      ev({ type: 'quest-reset', quest: 'emergency-fund' }),
    ]).flat();
    const res = await send(token, pairs);
    expect(res.body.state.xp).toBe(50);
    expect(res.body.state.lives).toBe(5);
    // Completed again later: it shows as completed and pays nothing.
    const again = await send(token, [ev({ type: 'quest-complete', quest: 'emergency-fund' })]);
    expect(again.body.state.quests['emergency-fund']).toMatchObject({ completed: true });
    expect(again.body.state.xp).toBe(50);
  });

  it('when a 2048 start comes at 50 XP, then it is refused and no life is spent', async () => {
    const { token } = await player({ xp: 50, lives: 3 });
    const res = await send(token, [ev({ type: 'game-start', game: '2048' })]);
    expect(res.body.results[0]).toMatchObject({ status: 'refused', reason: '2048 unlocks at 1000 XP' });
    expect(res.body.state.lives).toBe(3);
    const heli = await send(token, [ev({ type: 'game-start', game: 'helicopter' })]);
    expect(heli.body.results[0]!.status).toBe('refused');
  });

  it('when a start comes without lives, then it is refused with the spec message', async () => {
    const { token } = await player({ xp: 0, lives: 0 });
    const res = await send(token, [ev({ type: 'game-start', game: 'breakout' })]);
    expect(res.body.results[0]).toMatchObject({
      status: 'refused',
      reason: 'No lives remaining! Complete quests to earn more lives and play again.',
    });
  });

  it('when matcher events with 100-character ids are sent 10 times, then the saved progress does not grow', async () => {
    const token = await s.register();
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body;
    for (let i = 0; i < 10; i++) {
      const results = Object.fromEntries(
        Array.from({ length: 1000 }, (_, j) => [`${i}-${j}-`.padEnd(100, 'x'), 'Want']),
      );
      // A round of 1,000 timeouts claims what such a round would earn (-5 each): the probe's claim.
      await send(token, [ev({ type: 'matcher', xp: -5000, results })]);
    }
    const row = await s.db('progress').where({ user_id: me.id }).first('state');
    expect((row.state as string).length).toBeLessThan(4000);
  });

  it('when three $1 expenses are added and deleted, then their rewards are taken back, and a fourth pays nothing', async () => {
    const token = await s.register();
    const add = () =>
      s.req<{ id: number; reward: RewardNotice; progress: ProgressState }>(
        'POST',
        '/api/transactions/manual',
        { amount: 1, category: 'Want' },
        token,
      );
    const added = [await add(), await add(), await add()];
    for (const a of added) {
      expect(a.status).toBe(201);
      expect(a.body.reward.xp).toBeGreaterThanOrEqual(25);
      expect(a.body.reward.xp).toBeLessThanOrEqual(74);
    }
    const paid = added.reduce((sum, a) => sum + a.body.reward.xp, 0);
    expect((await state(token)).xp).toBe(paid);
    const fourth = await add();
    expect(fourth.body.reward).toMatchObject({ xp: 0, lives: 0 });
    for (const a of added) await s.req('DELETE', `/api/transactions/manual/${a.body.id}`, undefined, token);
    const after = await state(token);
    expect(after.xp).toBe(0);
    expect(after.lives).toBe(0);
  });

  it('when an expense is deleted on a later day, then its reward stays', async () => {
    const token = await s.register();
    const a = await s.req<{ id: number; reward: RewardNotice }>(
      'POST',
      '/api/transactions/manual',
      { amount: 12 },
      token,
    );
    later(DAY);
    await s.req('DELETE', `/api/transactions/manual/${a.body.id}`, undefined, token);
    expect((await state(token)).xp).toBe(a.body.reward.xp);
  });

  it('when one event of a batch is refused, then the others still count, and a fast clock loses nothing', async () => {
    const token = await s.register();
    const res = await send(token, [
      ev({ type: 'award', kind: 'login' }),
      ev(
        { type: 'setting', key: 'userGoal', value: 'Save for a trip' },
        { at: s.clock.now().getTime() + 5 * 60_000 },
      ),
      ev({ type: 'award', kind: 'onboarding' }, { at: s.clock.now().getTime() + 6 * 60_000 }),
      { id: randomUUID(), at: 1, type: 'lottery' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r) => r.status)).toEqual(['refused', 'counted', 'counted', 'refused']);
    expect(res.body.state).toMatchObject({ xp: 50, settings: { userGoal: 'Save for a trip' } });
  });
});

describe('sign-in on the server', () => {
  it('when an existing user signs in twice a day, then +10 is paid once, and three days in a row unlock Streak Starter', async () => {
    const email = `streak-${randomUUID()}@example.com`;
    await s.register(email);
    const first = await login(email);
    expect(first.status).toBe(200);
    expect(first.body.reward.xp).toBe(10);
    expect((await login(email)).body.reward.xp).toBe(0);
    later(DAY);
    expect((await login(email)).body.reward.xp).toBe(10);
    later(DAY);
    const third = await login(email);
    expect(third.body.reward.achievements).toEqual(['streak-starter']);
    expect(third.body.progress.xp).toBe(10 + 10 + 10 + 100);
  });

  it('when the app is used on 30 days, then Budget Pro unlocks once', async () => {
    const token = await s.register();
    for (let d = 0; d < 30; d++) {
      await state(token);
      later(DAY);
    }
    const st = await state(token);
    expect(st.achievements).toEqual(['budget-pro']);
    expect(st.xp).toBe(100);
  });

  it('when a sign-in names an unknown time zone, then 400', async () => {
    const email = `tz-${randomUUID()}@example.com`;
    await s.register(email);
    const res = await s.req<{ error: string }>('POST', '/api/auth/login', {
      email,
      password: 'secret123',
      timeZone: 'Mars/Base',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/time zone/);
  });
});

describe('the bank pays on the server', () => {
  it('when a bank is linked, then +25 and Account Master once; linking the same institution again pays nothing', async () => {
    const token = await s.register();
    await linkSandboxItem(s, token);
    const first = await state(token);
    expect(first.xp).toBe(125);
    expect(first.achievements).toEqual(['account-master']);
    await linkSandboxItem(s, token);
    expect((await state(token)).xp).toBe(125);
  });

  it("when 'Refresh Data' syncs twice a day, then +5 once", async () => {
    const token = await s.register();
    await linkSandboxItem(s, token);
    later(60_000); // the sandbox's data is ready a moment after the link
    const one = await s.req<{ reward: RewardNotice }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    expect(one.status).toBe(200);
    expect(one.body.reward.xp).toBe(5);
    const two = await s.req<{ reward: RewardNotice }>(
      'GET',
      '/api/plaid/fetch-transactions',
      undefined,
      token,
    );
    expect(two.body.reward.xp).toBe(0);
  });

  it("when matcher labels are saved, then only the user's own unlabelled transactions pay, once each ever", async () => {
    const token = await s.register();
    const other = await s.register();
    await linkSandboxItem(s, token);
    await linkSandboxItem(s, other);
    later(60_000);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, token);
    await s.req('GET', '/api/plaid/fetch-transactions', undefined, other);
    type Tx = { plaidId: string; budget_category: string | null };
    const mine = (await s.req<Tx[]>('GET', '/api/plaid/transactions', undefined, token)).body.filter(
      (t) => !t.budget_category,
    );
    const theirs = (await s.req<Tx[]>('GET', '/api/plaid/transactions', undefined, other)).body;
    const before = (await state(token)).xp;
    const save = (categories: unknown[]) =>
      s.req<{ reward: RewardNotice }>(
        'POST',
        '/api/plaid/update-transaction-categories',
        { categories, matcher: true },
        token,
      );
    const res = await save([
      { plaidId: mine[0]!.plaidId, budget_category: 'Need' },
      { plaidId: mine[1]!.plaidId, budget_category: 'Want' },
      { plaidId: mine[2]!.plaidId, budget_category: 'Want', timedOut: true },
      { plaidId: theirs[0]!.plaidId, budget_category: 'Need' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.reward.xp).toBe(15);
    // Cleared and sorted again: each transaction pays once ever.
    await s.req(
      'POST',
      '/api/plaid/update-transaction-categories',
      { categories: [{ plaidId: mine[0]!.plaidId, budget_category: 'uncategorized' }] },
      token,
    );
    const again = await save([{ plaidId: mine[0]!.plaidId, budget_category: 'Need' }]);
    expect(again.body.reward.xp).toBe(0);
    expect((await state(token)).xp).toBe(before + 15);
    const labelled = (await s.req<Tx[]>('GET', '/api/plaid/transactions', undefined, token)).body;
    expect(labelled.find((t) => t.plaidId === mine[1]!.plaidId)?.budget_category).toBe('Want');
  });
});

describe('quests on the server clock', () => {
  async function bankUser() {
    const token = await s.register();
    await linkSandboxItem(s, token);
    const me = (await s.req<{ id: number }>('GET', '/api/auth/me', undefined, token)).body;
    const item = await s.db('plaid_items').where({ user_id: me.id }).first('id');
    const put = (name: string, amount: number, date: string, category: string[] = [], accountId = 'acc') =>
      s.db('transactions').insert({
        user_id: me.id,
        item_row_id: item.id,
        plaid_id: randomUUID(),
        account_id: accountId,
        name,
        amount_cents: Math.round(amount * 100),
        date,
        category: JSON.stringify(category),
        pending: false,
        created_at: 0,
        updated_at: 0,
      });
    const savingsAccount = async () =>
      (
        (await s.db('bank_accounts').where({ user_id: me.id, subtype: 'savings' }).first('account_id')) as {
          account_id: string;
        }
      ).account_id;
    return { token, put, savingsAccount };
  }
  const day = () => s.clock.now().toISOString().slice(0, 10);

  it('when the savings quest starts, then a transfer the server stores completes it, paying once', async () => {
    const { token, put } = await bankUser();
    const xp = (await state(token)).xp;
    await send(token, [ev({ type: 'quest-start', quest: 'savings' }, { at: 0 })]);
    const started = await state(token);
    expect(started.quests.savings?.startedAt).toBe(s.clock.now().getTime());
    later(HOUR);
    await put('Transfer to Savings', 25, day());
    const done = await state(token);
    expect(done.quests.savings).toMatchObject({ completed: true });
    expect(done.xp).toBe(xp + 50);
    // A browser's claim of the same quest is refused.
    const claim = await send(token, [ev({ type: 'quest-complete', quest: 'savings' })]);
    expect(claim.body.results[0]!.status).toBe('refused');
  });

  it("when money arrives in the user's own savings account, then the savings quest completes (issue 24)", async () => {
    const { token, put, savingsAccount } = await bankUser();
    const xp = (await state(token)).xp;
    await send(token, [ev({ type: 'quest-start', quest: 'savings' })]);
    later(HOUR);
    await put('Online deposit', -20, day(), [], await savingsAccount());
    const done = await state(token);
    expect(done.quests.savings).toMatchObject({ completed: true });
    expect(done.xp).toBe(xp + 50);
  });

  it('when eating-out expires with a restaurant in its 24 hours, then it ends unpaid; without one, it pays at expiry', async () => {
    const { token, put } = await bankUser();
    const xp = (await state(token)).xp;
    await send(token, [ev({ type: 'quest-start', quest: 'eating-out' })]);
    later(2 * HOUR);
    await put('Pizza Palace', 18, day());
    later(DAY);
    const failed = await state(token);
    expect(failed.quests['eating-out']).toBeUndefined();
    expect(failed.xp).toBe(xp);
    await send(token, [ev({ type: 'quest-start', quest: 'eating-out' })]);
    later(DAY + HOUR);
    const passed = await state(token);
    expect(passed.quests['eating-out']).toMatchObject({ completed: true });
    expect(passed.xp).toBe(xp + 50);
  });

  it('when a bank quest starts without a bank, then it is refused', async () => {
    const token = await s.register();
    const res = await send(token, [
      ev({ type: 'quest-start', quest: 'eating-out' }),
      ev({ type: 'quest-complete', quest: 'weekly-check-in' }),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['refused', 'refused']);
    expect(res.body.state.lives).toBe(0);
  });

  it('when the weekly check-in is done twice in a week, then it pays once; the next week it pays again', async () => {
    const { token } = await bankUser();
    const xp = (await state(token)).xp;
    await send(token, [ev({ type: 'quest-start', quest: 'weekly-check-in' })]);
    await send(token, [
      ev({ type: 'quest-reset', quest: 'weekly-check-in' }),
      ev({ type: 'quest-start', quest: 'weekly-check-in' }),
    ]);
    expect((await state(token)).xp).toBe(xp + 50);
    later(7 * DAY);
    await send(token, [ev({ type: 'quest-start', quest: 'weekly-check-in' })]);
    expect((await state(token)).xp).toBe(xp + 100);
  });

  it('when a quest without a timer starts, then it is stored as started until completed', async () => {
    const token = await s.register();
    await send(token, [ev({ type: 'quest-start', quest: 'financial-guru' })]);
    expect((await state(token)).quests['financial-guru']).toMatchObject({
      isStarted: true,
      completed: false,
    });
  });
});

describe('games on the server clock', () => {
  it('when a Breakout win arrives with its start, then it is refused; after the time to clear the bricks it pays +3 lives once', async () => {
    const { token } = await player({ lives: 2 });
    const fast = await send(token, [
      ev({ type: 'game-start', game: 'breakout' }),
      ev({ type: 'game-reward', kind: 'breakout-win' }),
    ]);
    expect(fast.body.results[1]!.status).toBe('refused');
    expect(fast.body.state.lives).toBe(1);
    later(60_000);
    const win = await send(token, [ev({ type: 'game-reward', kind: 'breakout-win' })]);
    expect(win.body.results[0]).toMatchObject({ status: 'counted', lives: 3, livesOffered: 3 });
    const twice = await send(token, [ev({ type: 'game-reward', kind: 'breakout-win' })]);
    expect(twice.body.results[0]!.status).toBe('refused');
    expect(twice.body.state.lives).toBe(4);
  });

  it("when Breakout's launch is seen, then no life is spent and a win after the time to clear the bricks pays", async () => {
    const { token } = await player({ lives: 1 });
    const launch = await send(token, [ev({ type: 'game-play', game: 'breakout' })]);
    expect(launch.body.results[0]!.status).toBe('counted');
    expect(launch.body.state.lives).toBe(1);
    later(10_000);
    const win = await send(token, [ev({ type: 'game-reward', kind: 'breakout-win' })]);
    expect(win.body.state.lives).toBe(4);
  });

  it('when a best score is more than the game allows, then it is refused', async () => {
    const { token } = await player({ xp: 1000, lives: 5 });
    const none = await send(token, [ev({ type: 'best-score', game: '2048', score: 512 })]);
    expect(none.body.results[0]!.status).toBe('refused');
    await send(token, [
      ev({ type: 'game-start', game: '2048' }),
      ev({ type: 'game-start', game: 'helicopter' }),
    ]);
    later(10_000);
    const res = await send(token, [
      ev({ type: 'best-score', game: '2048', score: 512 }),
      ev({ type: 'best-score', game: '2048', score: 999_999_999 }),
      ev({ type: 'best-score', game: 'helicopter', score: 3 }),
      ev({ type: 'best-score', game: 'helicopter', score: 500 }),
    ]);
    expect(res.body.results.map((r) => r.status)).toEqual(['counted', 'refused', 'counted', 'refused']);
    expect(res.body.state.bestScores).toEqual({ '2048': 512, helicopter: 3 });
  });
});

describe('bounds', () => {
  it('when a user sends more batches a minute than the limit, then 429', async () => {
    const limited = await createTestServer({ config: { progressRateLimit: 3 } });
    try {
      const token = await limited.register();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const body = {
          events: [{ id: randomUUID(), at: 1, type: 'setting', key: 'userGoal', value: `g${i}` }],
        };
        statuses.push((await limited.req('POST', '/api/progress/events', body, token)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('when a batch is replayed, then its ids are duplicates and nothing changes', async () => {
    const token = await s.register();
    const batch = [ev({ type: 'award', kind: 'onboarding' })];
    expect((await send(token, batch)).body.state.xp).toBe(50);
    const replay = await send(token, batch);
    expect(replay.body.duplicates).toEqual([batch[0]!.id]);
    expect(replay.body.state.xp).toBe(50);
  });

  it('when the user deletes the account, then the progress and its ledger go with it', async () => {
    const token = await s.register();
    await send(token, [ev({ type: 'award', kind: 'onboarding' })]);
    const before = { progress: await s.countRows('progress'), events: await s.countRows('progress_events') };
    expect((await s.req('DELETE', '/api/auth/account', undefined, token)).status).toBe(200);
    expect(await s.countRows('progress')).toBe(before.progress - 1);
    expect(await s.countRows('progress_events')).toBe(before.events - 1);
  });
});

describe('POST /api/progress/events with bad input', () => {
  const cases: [string, () => unknown][] = [
    ['an empty batch', () => ({ events: [] })],
    ['no list', () => ({ events: 'all of them' })],
    [
      'a batch of 10,000 events',
      () => ({ events: Array.from({ length: 10_000 }, () => ev({ type: 'award', kind: 'onboarding' })) }),
    ],
    ['only events without an id', () => ({ events: [{ type: 'award', kind: 'onboarding' }] })],
    // NUL bytes are refused for the whole request, before any route reads it.
    ['a NUL byte', () => ({ events: [ev({ type: 'setting', key: 'userGoal', value: 'a\u0000b' })] })],
    ['an extra top-level field', () => ({ events: [ev({ type: 'award', kind: 'onboarding' })], xp: 5 })],
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

  const eventCases: [string, () => unknown][] = [
    ['an unknown type', () => ev({ type: 'lottery' })],
    ['an unknown quest', () => ev({ type: 'quest-complete', quest: 'rob-a-bank' })],
    ['an id that is not a UUID', () => ev({ type: 'award', kind: 'onboarding' }, { id: 'x' })],
    ['NaN as a time', () => ev({ type: 'award', kind: 'onboarding' }, { at: 'NaN' })],
    ['an extra field', () => ev({ type: 'award', kind: 'onboarding' }, { bonus: 500 })],
    ['a setting that is too long', () => ev({ type: 'setting', key: 'userGoal', value: 'x'.repeat(201) })],
    ['an unknown setting', () => ev({ type: 'setting', key: 'token', value: 'x' })],
    ['a score that is not a number', () => ev({ type: 'best-score', game: '2048', score: '9' })],
  ];
  for (const [name, event] of eventCases) {
    it(`when one event has ${name}, then it alone is refused and the next one counts`, async () => {
      const token = await s.register();
      const good = ev({ type: 'award', kind: 'onboarding' });
      const res = await send(token, [event(), good]);
      expect(res.status).toBe(200);
      expect(res.body.results.find((r) => r.status === 'refused')?.reason).toEqual(expect.any(String));
      expect(res.body.state.xp).toBe(50);
    });
  }
});
