// Builds the Express app from its dependencies so tests can start it in-process on port 0.
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import helmet from 'helmet';
import compression from 'compression';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { AppDeps } from './deps';
import type { requestClock } from './lib/clock';
import { HttpError } from './lib/errors';
import { inlineScriptHashesOf } from './lib/inline-script-hashes';
import { errorSummary, isUniqueViolation } from './lib/error-summary';
import { apiRouter } from './routes';
import type { AppServices } from './services/app-services';
import { createAuthService } from './services/auth-service';
import { bankService } from './services/bank-service';
import { systemService } from './services/system-service';
import { progressService } from './services/progress-service';
import { learnService } from './services/learn-service';
import { transactionsService } from './services/transactions-service';
import { statementImportService } from './services/statement-import-service';
import { dataExportService } from './services/data-export-service';
import { webhookService } from './services/webhook-service';
import { billsService } from './services/bills-service';
import { liveEvents } from './services/live-events';
import { precompressedStatic } from './middleware/precompressed-static';

/** A handler made on its first request; `built()` makes it (once) and answers it. */
export type LazyHandler = RequestHandler & { built(): Promise<RequestHandler> };

/**
 * The local Plaid sandbox is loaded this way: it needs the 9.7 MB Plaid SDK, which would otherwise
 * be most of the server's start-up (issue 14). `built()` also lets tests read its routes.
 */
function builtOnFirstUse(build: () => Promise<RequestHandler>): LazyHandler {
  let handler: Promise<RequestHandler> | undefined;
  const built = () =>
    (handler ??= build().catch((err: unknown) => {
      handler = undefined; // the next request tries again
      throw err;
    }));
  const lazy: RequestHandler = (req, res, next) => {
    built().then((h) => h(req, res, next), next);
  };
  return Object.assign(lazy, { built });
}

/** Builds every service once; routes receive them and never build their own. */
export function createServices(deps: AppDeps): AppServices {
  const auth = createAuthService(deps);
  // The referee: every other service pays through it, inside its own database transaction.
  const progress = progressService(deps);
  const bank = bankService(deps, progress);
  // Account deletion first removes every bank item at Plaid (/item/remove), then the Items of
  // Link sessions never exchanged (found through /link/token/get); rows then cascade.
  auth.onBeforeDeleteUser(async (userId) => {
    await bank.removeAllItems(userId);
    await bank.removeLinkLeftovers(userId);
  });
  return {
    auth,
    bank,
    transactions: transactionsService(deps, progress),
    progress,
    learn: learnService(deps, progress),
    bills: billsService(deps, progress),
    system: systemService(deps),
    statementImports: statementImportService(deps),
    dataExport: dataExportService(deps),
    webhooks: webhookService(deps, bank),
    live: liveEvents(deps),
  };
}

export function createApp(deps: AppDeps): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Paths match exactly as written (see routes/strict-router.ts); set before the router exists.
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  // No ETag hashed over every answer: API answers are `no-store`, so nothing ever revalidates
  // them, and a 2,000-transaction list took a SHA-1 of 400 KB per request. Built files revalidate
  // by Last-Modified (hashed ones never do).
  app.set('etag', false);
  if (config.trustProxy) app.set('trust proxy', config.trustProxy);
  // Browser tests only: a page's requests may run on the page's moved clock (lib/clock.ts).
  const runAt = (deps.clock as Partial<ReturnType<typeof requestClock>>).runAt;
  if (runAt && config.nodeEnv === 'test') {
    app.use((req, _res, next) => {
      const raw = req.get('x-test-now');
      if (raw && /^\d{13}$/.test(raw)) runAt(Number(raw), next);
      else next();
    });
  }

  // The built app's hashed scripts and styles, sent as the brotli or gzip copies made at build
  // time. They come before helmet: a script's own response needs no page policy (CSP, framing,
  // referrer, HSTS: the page and the API carry those), and a kilobyte of them on each of some
  // twenty files was a tenth of the sign-in screen's download (issue 14). What matters for a
  // script is kept: no type sniffing, no loading from other sites.
  const staticDir = config.staticDir;
  const hasStatic = existsSync(staticDir);
  const IMMUTABLE = 'public, max-age=31536000, immutable';
  if (hasStatic)
    app.use(
      '/assets',
      precompressedStatic(path.join(staticDir, 'assets'), {
        cacheControl: IMMUTABLE,
        immutable: true,
        headers: { 'X-Content-Type-Options': 'nosniff', 'Cross-Origin-Resource-Policy': 'same-origin' },
      }),
    );

  // Plaid's hosts are allowed only in real mode, where Link is Plaid's script and iframe; the
  // embedded sandbox is served by this same origin.
  const plaidHosts = (...hosts: string[]) => (config.plaid.realMode ? hosts : []);
  const inlineScripts = hasStatic ? inlineScriptHashesOf(path.join(staticDir, 'index.html')) : [];
  const pageHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScripts, ...plaidHosts('https://cdn.plaid.com')],
        'frame-src': ["'self'", ...plaidHosts('https://cdn.plaid.com', 'https://*.plaid.com')],
        'connect-src': ["'self'", ...plaidHosts('https://*.plaid.com')],
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
    // Agrees with frame-ancestors 'none' for browsers that only read the older header.
    xFrameOptions: { action: 'deny' },
    // Plaid's iframe needs to open popups for OAuth banks.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  // API answers are JSON (or a download) that no browser renders as a page: a policy that allows
  // nothing, and none of the headers only a document reads (the page's set of headers was about
  // 960 bytes on every answer, six of which a signed-in page reads before its first paint).
  // Express matches `/api` whatever its case, and so does this.
  const apiHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xXssProtection: false,
  });
  app.use((req, res, next) => (/^\/api(\/|$)/i.test(req.path) ? apiHeaders : pageHeaders)(req, res, next));
  // The page itself (and the service worker, the manifest) compressed at build time too, with
  // every security header; the compression middleware after it compresses API JSON per request.
  if (hasStatic)
    app.use(
      precompressedStatic(staticDir, {
        cacheControl: 'no-cache',
        aliases: { '/': '/index.html' },
        skip: ['assets'],
      }),
    );
  app.use(compression());

  app.use('/api', apiRouter(createServices(deps), config, deps.logger));
  const sandbox = config.plaid.sandbox;
  if (sandbox)
    app.use(
      '/plaid-sandbox',
      builtOnFirstUse(async () =>
        (await import('./plaid-sandbox')).createPlaidSandbox({
          ...deps,
          ...sandbox,
          notReadyMs: config.plaid.notReadyMs,
          serverSecret: config.encryptionKey,
          appUrl: config.appUrl,
        }),
      ),
    );

  // The built single-page app: hashed assets cached for a year, everything else revalidated.
  if (hasStatic) {
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

  // Anything nothing above answered (another spelling of an API path, say) is a JSON 404.
  app.use((_req, res) => {
    res.status(404).json({ error: 'Not found' });
  });

  const onError: ErrorRequestHandler = (err, _req, res, _next) => {
    if (err instanceof HttpError) {
      if (err.headers) res.set(err.headers);
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
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
      res.status(415).json({ error: 'Unsupported content encoding; send JSON as UTF-8, optionally gzip' });
      return;
    }
    if (isUniqueViolation(err)) {
      // Two requests raced to create the same thing; the first one won.
      res.status(409).json({ error: 'This was just changed by another request. Please try again.' });
      return;
    }
    const status = e.status ?? e.statusCode;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: 'Bad request' });
      return;
    }
    deps.logger.error('unhandled error', errorSummary(err));
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
  app.use(onError);
  return app;
}
