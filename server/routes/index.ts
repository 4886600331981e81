// The /api router: JSON bodies, health, each feature's routes, then a JSON 404.
import express, { type Router } from 'express';
import type { AppServices } from '../services/app-services';
import { requireAuth } from '../middleware/require-auth';
import { strictRouter } from './strict-router';
import { authRoutes, type AuthLimits } from './auth';
import { plaidRoutes, type PlaidLimits } from './plaid';
import { manualTransactionRoutes } from './manual-transactions';
import { progressRoutes } from './progress';
import { learnRoutes } from './learn';
import { billsRoutes } from './bills';
import { statementImportRoutes } from './statement-imports';
import { dataExportRoutes } from './data-export';
import { webhookRoutes } from './webhooks';
import { eventStream } from './events';
import type { Logger } from '../lib/logger';
import { requestOrigin } from '../lib/request-origin';

export function apiRouter(
  services: AppServices,
  config: AuthLimits & PlaidLimits & { progressRateLimit: number },
  logger: Logger,
): Router {
  const r = strictRouter();
  r.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Changes made while serving a request carry the browser tab it came from (issue 27).
  r.use(requestOrigin);
  // Before the JSON parser: a webhook's signature covers its raw bytes.
  r.use(webhookRoutes(services, logger));
  r.use(express.json({ limit: '1mb' }));
  r.get('/health', async (_req, res) => {
    res.json(await services.system.health());
  });
  const signedIn = requireAuth(services.auth);
  r.get('/events', signedIn, eventStream(services));
  r.use('/auth', authRoutes(services, signedIn, config));
  r.use('/plaid', plaidRoutes(services, signedIn, config));
  r.use('/transactions/manual', manualTransactionRoutes(services, signedIn));
  r.use('/progress', progressRoutes(services, signedIn, config));
  r.use('/learn', learnRoutes(services, signedIn));
  r.use('/bills', billsRoutes(services, signedIn, config));
  r.use('/statement-imports', statementImportRoutes(services, signedIn));
  r.use('/export', dataExportRoutes(services, signedIn));
  r.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });
  return r;
}
