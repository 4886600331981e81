// POST /api/plaid/webhook: Plaid's webhooks (issue 27). No session: Plaid proves itself with the
// signed `Plaid-Verification` header over the exact bytes of the body, so the body is read raw.
// The answer comes at once; syncing runs in the background. A webhook that fails verification
// gets 401 and a log line naming why, never its body or header.
import express, { type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { TOO_MANY_ATTEMPTS } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { AppServices } from '../services/app-services';
import { strictRouter } from './strict-router';

/** Plaid's webhook bodies are a few hundred bytes. */
const WEBHOOK_BODY_LIMIT = '16kb';
export const WEBHOOK_REFUSED = 'Webhook verification failed';

export function webhookRoutes({ webhooks }: AppServices, logger: Logger): Router {
  const r = strictRouter();
  r.post(
    '/plaid/webhook',
    // Per address: Plaid sends from a handful; anyone else gets few tries at the key lookup.
    rateLimit({
      windowMs: 60_000,
      limit: 600,
      message: { error: TOO_MANY_ATTEMPTS },
      standardHeaders: 'draft-8',
      legacyHeaders: false,
    }),
    express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }),
    async (req, res) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const verdict = await webhooks.verify(raw, req.get('plaid-verification'));
      if (!verdict.ok) {
        logger.warn('plaid webhook refused', { reason: verdict.reason });
        res.status(401).json({ error: WEBHOOK_REFUSED });
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        res.status(400).json({ error: 'Malformed JSON in request body' });
        return;
      }
      const outcome = await webhooks.handle(body);
      res.json({ received: true, outcome });
    },
  );
  return r;
}
