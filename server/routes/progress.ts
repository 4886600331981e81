// /api/progress: the signed-in user's progress, and the ledger events that change it (issue 13).
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { perUserLimit } from '../middleware/per-user-limit';
import { strictRouter } from './strict-router';
import { badRequest } from '../lib/errors';
import { THROTTLE_PREFIX } from '../services/throttle-keys';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { GAMES } from '../../src/domain/games';
import { QUEST_IDS } from '../../src/domain/quests';
import {
  PROGRESS_BATCH_MAX,
  PROGRESS_SETTING_KEYS,
  type EventResult,
  type ProgressEvent,
} from '../../src/domain/progress-events';
import type { AwardKind } from '../../src/domain/progression';

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

/**
 * One event's rules. Its `at` is the browser's clock and only dates its history line (never
 * later than the server's now): every rule runs on the server's clock, so a device whose clock
 * is fast loses nothing.
 */
const eventSchema = () => {
  const base = {
    id: z.uuid({ error: 'Event id must be a UUID' }),
    at: z.number({ error: 'Event time must be a number' }).int().min(0),
  };
  return z.discriminatedUnion(
    'type',
    [
      // Only 'onboarding' still counts; the other kinds are answered with the server's reason.
      z.strictObject({
        ...base,
        type: z.literal('award'),
        kind: z.enum(AWARD_KINDS, { error: 'Unknown award' }),
        xp: int(-1000, 1000).optional(),
        lives: int(-10, 10).optional(),
      }),
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
      z.strictObject({
        ...base,
        type: z.literal('game-play'),
        game: z.enum(GAMES.map((g) => g.id) as [string, ...string[]]),
      }),
      z.strictObject({ ...base, type: z.literal('game-reward'), kind: z.literal('breakout-win') }),
      // An older client's matcher round: refused (labels and their XP go through the save of the
      // labels); its payload is not read.
      z.looseObject({ ...base, type: z.literal('matcher') }),
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

/** The envelope is checked as a whole; each event is then checked, and judged, on its own. */
const batchSchema = z.strictObject({
  events: z
    .array(z.unknown(), { error: 'events must be a list' })
    .min(1, 'events must not be empty')
    .max(PROGRESS_BATCH_MAX, `At most ${PROGRESS_BATCH_MAX} events per request`),
});
const idOf = z.object({ id: z.uuid() });

/** Splits a batch into well-formed events and the results of the malformed ones. */
function checkEvents(
  schema: ReturnType<typeof eventSchema>,
  raw: unknown[],
): { events: ProgressEvent[]; invalid: EventResult[] } {
  const events: ProgressEvent[] = [];
  const invalid: EventResult[] = [];
  let anyId = false;
  raw.forEach((item, index) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) {
      events.push(parsed.data as ProgressEvent);
      anyId = true;
      return;
    }
    const id = idOf.safeParse(item);
    if (id.success) anyId = true;
    invalid.push({
      id: id.success ? id.data.id : `#${index}`,
      status: 'refused',
      reason: parsed.error.issues[0]?.message ?? 'Invalid event',
      xp: 0,
      lives: 0,
      livesOffered: 0,
    });
  });
  if (!anyId) {
    // Nothing usable at all: the caller sent something that is not a progress batch.
    throw badRequest(invalid[0]!.reason!);
  }
  return { events, invalid };
}

export function progressRoutes(
  { progress, system }: AppServices,
  signedIn: RequestHandler,
  limits: { progressRateLimit: number },
): Router {
  const r = strictRouter();
  r.use(signedIn);
  // Every batch locks the user's progress row: a budget per user, shared by every instance.
  const perUser = perUserLimit({
    windowMs: 60_000,
    limit: limits.progressRateLimit,
    store: system.rateLimitStore(THROTTLE_PREFIX.progress),
  });
  // Built once: zod compiles a schema on its first use, which per request cost more than the rest.
  const events = eventSchema();
  r.get('/', async (req, res) => {
    res.json(await progress.get(currentUser(req).id));
  });
  r.post('/events', perUser, async (req, res) => {
    const raw = (req.body as { events?: unknown } | undefined)?.events;
    // Refused before parsing: a huge batch must not cost a schema walk per element.
    if (Array.isArray(raw) && raw.length > PROGRESS_BATCH_MAX) {
      throw badRequest(`At most ${PROGRESS_BATCH_MAX} events per request`);
    }
    const body = parseBody(batchSchema, req.body, { events: 'events are required' });
    const { events: good, invalid } = checkEvents(events, body.events);
    res.json(await progress.apply(currentUser(req).id, good, invalid));
  });
  return r;
}
