// The local Plaid sandbox: the subset of Plaid's HTTP API the app uses, Plaid's error
// envelope, and a Link script with Plaid Link's browser interface. Mounted at /plaid-sandbox
// only when no Plaid keys are set; the official SDK reaches it through its basePath.
import { readFileSync } from 'node:fs';
import express, { Router, type ErrorRequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Db } from '../db/knex';
import type { SandboxConfig } from '../config';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { apiKeys } from './api-keys';
import { apiRoutes } from './api-routes';
import { cursorCodec } from './cursor';
import { newRequestId, plaidError, PlaidSandboxError } from './errors';
import { faultSwitch } from './faults';
import { itemService, type SandboxContext } from './items';
import { linkRoutes } from './link-routes';
import { sandboxStore } from './store';
import { throttledLog } from './throttled-log';
import { webhookKeys, webhookSender } from './webhooks';

/** The largest request body: ten custom transactions need about 5 KB. */
const BODY_LIMIT = '64kb';

export interface PlaidSandboxDeps extends SandboxConfig {
  db: Db;
  clock: Clock;
  /** How long /transactions/sync answers PRODUCT_NOT_READY after an exchange. */
  notReadyMs: number;
  logger: Logger;
  /**
   * Derives access tokens (so the sandbox stores only their hashes) and signs sync cursors.
   * `secret` (from SandboxConfig) is the API secret the SDK sends, a different thing.
   */
  serverSecret: Buffer;
  /** The app's public address: besides loopback, the only place webhooks are delivered to. */
  appUrl: string;
}

export function createPlaidSandbox(deps: PlaidSandboxDeps): Router {
  const linkScript = readFileSync(new URL('./link/link-initialize.js', import.meta.url), 'utf8');
  const store = sandboxStore(deps.db);
  const log = throttledLog(deps.logger, deps.clock);
  const keys = webhookKeys(store, deps.serverSecret, deps.clock);
  const ctx: SandboxContext = {
    store,
    items: itemService(store, log, deps.serverSecret),
    cursors: cursorCodec(deps.serverSecret),
    clock: deps.clock,
    notReadyMs: deps.notReadyMs,
    faults: faultSwitch(),
    webhookKeys: keys,
    webhooks: webhookSender({ keys, appUrl: deps.appUrl, log }),
  };
  const apiAccess = apiKeys(deps.clientId, deps.secret);
  const r = Router();

  r.get('/link-initialize.js', (_req, res) => {
    res.type('application/javascript; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.send(linkScript);
  });

  r.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Per client address, before the body is even read. Requests with the sandbox's keys come
  // from this server's own SDK client (nobody else has the keys); counting them would let one
  // address that floods Link starve every user's bank sync, so they are not counted.
  r.use(
    rateLimit({
      windowMs: deps.rateWindowMs,
      limit: deps.rateLimit,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
      skip: (req) => apiAccess.inHeaders(req),
      handler: (_req, _res, next) => {
        log('rate-limited', 'plaid sandbox: requests refused by the rate limit');
        next(plaidError('RATE_LIMIT'));
      },
    }),
  );
  r.use(express.json({ limit: BODY_LIMIT }));
  r.use((req, _res, next) => {
    // Plaid only takes a JSON object as a request body.
    next(Array.isArray(req.body) ? plaidError('INVALID_BODY', 'body must be a JSON object') : undefined);
  });
  r.use('/link', linkRoutes(ctx));
  r.use(apiRoutes(ctx, apiAccess));
  r.use((_req, _res, next) => next(plaidError('NOT_FOUND')));

  // Answers every failure under /plaid-sandbox in Plaid's envelope, never the app's.
  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    const requestId = (res.locals.requestId as string | undefined) ?? newRequestId();
    let e: PlaidSandboxError;
    if (err instanceof PlaidSandboxError) e = err;
    else if ((err as { type?: string }).type === 'entity.parse.failed') e = plaidError('INVALID_BODY');
    else if ((err as { type?: string }).type === 'entity.too.large')
      e = plaidError('INVALID_BODY', 'body is too large');
    else {
      deps.logger.error('plaid sandbox: unexpected error', {
        err: err instanceof Error ? err.message : String(err),
      });
      e = plaidError('INTERNAL_SERVER_ERROR');
    }
    res.status(e.status).json(e.toBody(requestId));
  };
  r.use(onError);
  return r;
}
