// Builds the Express app from its dependencies so tests can start it in-process on port 0.
import express, { type ErrorRequestHandler, type Express } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Knex } from 'knex';
import type { Config } from './config';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { Logger } from './lib/logger';
import type { PlaidApi } from 'plaid';
import { HttpError } from './lib/errors';
import { apiRouter } from './routes';
import { createPlaidSandbox } from './plaid-sandbox';

export interface AppDeps {
  config: Config;
  db: Knex;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** The Plaid SDK client (real Plaid, or the embedded sandbox), built on first use. */
  plaid: () => PlaidApi;
}

export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          'default-src': ["'self'"],
          // Plaid Link (real mode) is a script from Plaid's CDN that opens an iframe on plaid.com.
          'script-src': ["'self'", 'https://cdn.plaid.com'],
          'frame-src': ["'self'", 'https://cdn.plaid.com', 'https://*.plaid.com'],
          'connect-src': ["'self'", 'https://*.plaid.com'],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'font-src': ["'self'", 'data:'],
          'worker-src': ["'self'", 'blob:'],
          'manifest-src': ["'self'"],
          'object-src': ["'none'"],
          'base-uri': ["'self'"],
          'form-action': ["'self'"],
          'frame-ancestors': ["'none'"],
        },
      },
      // Plaid's iframe needs to open popups for OAuth banks.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression());

  app.use('/api', apiRouter(deps));
  if (!config.plaid.realMode)
    app.use(
      '/plaid-sandbox',
      createPlaidSandbox({ ...deps, notReadyMs: config.plaid.notReadyMs, secret: config.encryptionKey }),
    );

  // The built single-page app: hashed assets cached for a year, everything else revalidated.
  const staticDir = config.staticDir;
  if (existsSync(staticDir)) {
    app.use(
      '/assets',
      express.static(path.join(staticDir, 'assets'), { immutable: true, maxAge: '365d', fallthrough: false }),
    );
    app.use(
      express.static(staticDir, {
        index: false,
        setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
      }),
    );
    app.get('/', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(staticDir, 'index.html'));
    });
  }

  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    if (err instanceof HttpError) {
      res.status(err.status).json({ error: err.message, ...err.extra });
      return;
    }
    const e = err as { type?: string; status?: number; statusCode?: number };
    if (e.type === 'entity.parse.failed') {
      res.status(400).json({ error: 'Malformed JSON in request body' });
      return;
    }
    if (e.type === 'entity.too.large') {
      res.status(413).json({ error: 'Request body is too large' });
      return;
    }
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'Bad request' });
      return;
    }
    deps.logger.error('unhandled error', { err: err instanceof Error ? err.message : String(err) });
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
  app.use(onError);
  return app;
}
