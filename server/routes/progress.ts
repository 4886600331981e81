// /api/progress: the signed-in user's progress, and the ledger events that change it (issue 13).
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { strictRouter } from './strict-router';
import { badRequest } from '../lib/errors';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { BUDGET_CATEGORIES } from '../../src/domain/categories';
import { GAMES } from '../../src/domain/games';
import { MANUAL_EXPENSE_LIVES, MANUAL_EXPENSE_XP } from '../../src/domain/xp';
import { QUEST_IDS } from '../../src/domain/quests';
import {
  PROGRESS_BATCH_MAX,
  PROGRESS_CLOCK_SKEW_MS,
  PROGRESS_SETTING_KEYS,
  type ProgressEvent,
} from '../../src/domain/progress-events';
import type { AwardKind } from '../../src/domain/progression';

/** Most categories one matcher event may carry (a round is at most the user's transactions). */
const MATCHER_RESULTS_MAX = 1000;
const SETTING_MAX = 200;
const SCORE_MAX = 1_000_000_000;

const AWARD_KINDS = [
  'login',
  'onboarding',
  'manual-expense',
  'bank-connected',
  'bank-reconnected',
  'bank-refresh',
  'budget-created',
] as const satisfies readonly AwardKind[];
const quest = z.enum(QUEST_IDS as [string, ...string[]], { error: 'Unknown quest' });
const int = (min: number, max: number) => z.number().int().min(min).max(max);

/** `latest` is read from the server's clock at each check; the schema itself is built once. */
const eventSchema = (latest: () => number) => {
  const base = {
    id: z.uuid({ error: 'Event id must be a UUID' }),
    at: z
      .number({ error: 'Event time must be a number' })
      .int()
      .min(0)
      .refine((at) => at <= latest(), 'Event time is in the future'),
  };
  return z.discriminatedUnion(
    'type',
    [
      z
        .strictObject({
          ...base,
          type: z.literal('award'),
          kind: z.enum(AWARD_KINDS, { error: 'Unknown award' }),
          xp: int(MANUAL_EXPENSE_XP.min, MANUAL_EXPENSE_XP.max).optional(),
          lives: int(MANUAL_EXPENSE_LIVES.min, MANUAL_EXPENSE_LIVES.max).optional(),
        })
        // Only the manual expense's reward is drawn on the client; every other award is fixed.
        .refine(
          (e) => (e.kind === 'manual-expense') === (e.xp !== undefined && e.lives !== undefined),
          'A manual expense award carries xp and lives; no other award does',
        )
        .refine(
          (e) => e.kind === 'manual-expense' || (e.xp === undefined && e.lives === undefined),
          'A manual expense award carries xp and lives; no other award does',
        ),
      z.strictObject({
        ...base,
        type: z.literal('achievement'),
        achievement: z.enum(['streak-starter', 'budget-pro']),
      }),
      z.strictObject({ ...base, type: z.literal('quest-start'), quest }),
      z.strictObject({ ...base, type: z.literal('quest-complete'), quest }),
      z.strictObject({ ...base, type: z.literal('quest-reset'), quest }),
      z.strictObject({
        ...base,
        type: z.literal('game-start'),
        game: z.enum(GAMES.map((g) => g.id) as [string, ...string[]]),
      }),
      z.strictObject({ ...base, type: z.literal('game-reward'), kind: z.literal('breakout-win') }),
      z.strictObject({
        ...base,
        type: z.literal('matcher'),
        xp: int(-5 * MATCHER_RESULTS_MAX, 10 * MATCHER_RESULTS_MAX),
        results: z
          .record(z.string().min(1).max(100), z.enum(BUDGET_CATEGORIES))
          .refine((r) => Object.keys(r).length <= MATCHER_RESULTS_MAX, 'Too many matcher results'),
      }),
      z.strictObject({
        ...base,
        type: z.literal('best-score'),
        game: z.enum(['helicopter', '2048']),
        score: int(0, SCORE_MAX),
      }),
      z.strictObject({
        ...base,
        type: z.literal('setting'),
        key: z.enum(PROGRESS_SETTING_KEYS),
        value: z.string().max(SETTING_MAX).nullable(),
      }),
      z.strictObject({
        ...base,
        type: z.literal('day'),
        kind: z.enum(['login', 'usage']),
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Day must be YYYY-MM-DD'),
      }),
    ],
    { error: 'Unknown event type' },
  );
};

const batchSchema = (latest: () => number) =>
  z.strictObject({
    events: z
      .array(eventSchema(latest), { error: 'events must be a list' })
      .min(1, 'events must not be empty')
      .max(PROGRESS_BATCH_MAX, `At most ${PROGRESS_BATCH_MAX} events per request`),
  });

export function progressRoutes({ progress, system }: AppServices, signedIn: RequestHandler): Router {
  const r = strictRouter();
  r.use(signedIn);
  // Built once: zod compiles a schema on its first use, which per request cost more than the rest.
  const batch = batchSchema(() => system.now().getTime() + PROGRESS_CLOCK_SKEW_MS);
  r.get('/', async (req, res) => {
    res.json(await progress.get(currentUser(req).id));
  });
  r.post('/events', async (req, res) => {
    const raw = (req.body as { events?: unknown } | undefined)?.events;
    // Refused before parsing: a huge batch must not cost a schema walk per element.
    if (Array.isArray(raw) && raw.length > PROGRESS_BATCH_MAX) {
      throw badRequest(`At most ${PROGRESS_BATCH_MAX} events per request`);
    }
    const { events } = parseBody(batch, req.body, { events: 'events are required' });
    res.json(await progress.apply(currentUser(req).id, events as ProgressEvent[]));
  });
  return r;
}
