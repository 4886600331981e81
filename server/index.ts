// Reads config, migrates the database and starts listening; shuts down cleanly on SIGTERM/SIGINT.
import { loadConfig } from './config';
import { createDb, migrate } from './db/knex';
import { createApp } from './app';
import { liveBus } from './repositories/live-bus';
import { requestClock, systemClock } from './lib/clock';
import { createMailer } from './lib/mailer';
import { consoleLogger as logger } from './lib/logger';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { createPlaidClient, webhookUrl } from './services/plaid-client';

async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
  });
  // The embedded Plaid sandbox is served by this same server, reached over loopback.
  let origin = '';
  const plaid = createPlaidClient(config, () => origin);
  const app = createApp({
    config,
    db,
    clock: config.nodeEnv === 'test' ? requestClock(systemClock) : systemClock,
    mailer,
    logger,
    plaid,
    webhookUrl: webhookUrl(config, () => origin),
  });
  const server = app.listen(config.port, config.host, () => {
    const port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    logger.info(`Budget Quest listening on http://localhost:${port}`, {
      database: config.databaseUrl ? 'postgresql' : 'sqlite',
      plaid: config.plaid.realMode ? `plaid ${config.plaid.env}` : 'local sandbox',
      mail: config.smtpUrl ? 'smtp' : 'outbox',
    });
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info(`${signal} received, shutting down`);
    server.close(() => {
      void liveBus(db)
        .close()
        .then(() => db.destroy())
        .then(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err) => {
  logger.error('failed to start', { err: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
