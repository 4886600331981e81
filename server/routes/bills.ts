// /api/bills: the user's bills and subscriptions (issue 28) and the Subscription check-up's
// reviews. Signed in; a review is a write that locks the user's progress row, so it is limited per
// user like the progress writes (PROGRESS_RATE_LIMIT a minute, a budget of its own in `rate_limits`).
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { perUserLimit } from '../middleware/per-user-limit';
import { strictRouter } from './strict-router';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import { THROTTLE_PREFIX } from '../services/throttle-keys';
import type { AppServices } from '../services/app-services';
import { STREAM_DECISIONS } from '../../src/domain/bills';
import { STREAM_ID_MAX } from '../services/recurring-streams';

const reviewBody = z.strictObject({
  streamId: z
    .string({ error: 'streamId must be text' })
    .min(1, 'streamId is required')
    .max(STREAM_ID_MAX, `streamId must be at most ${STREAM_ID_MAX} characters`),
  decision: z.enum(STREAM_DECISIONS, { error: 'decision must be keep or cancel' }),
});

export function billsRoutes(
  { bills, system }: AppServices,
  signedIn: RequestHandler,
  limits: { progressRateLimit: number },
): Router {
  const r = strictRouter();
  r.use(signedIn);
  const perUser = perUserLimit({
    windowMs: 60_000,
    limit: limits.progressRateLimit,
    store: system.rateLimitStore(THROTTLE_PREFIX.billsReview),
  });
  r.get('/', async (req, res) => {
    res.json(await bills.view(currentUser(req).id));
  });
  r.post('/reviews', perUser, async (req, res) => {
    const body = parseBody(reviewBody, req.body, {
      streamId: 'streamId is required',
      decision: 'decision is required',
    });
    res.json(await bills.review(currentUser(req).id, body));
  });
  return r;
}
