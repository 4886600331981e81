// Suites api-throughput and bank-sync: the app exactly as server/index.ts builds it (config from
// the environment, SQLite in DATA_DIR, every route, service and repository), except that its bank
// is tests/support/stub-plaid.ts with STUB_TRANSACTIONS transactions, answered in-process, so the
// figures are the app's own and not the local sandbox's generating and signing of pages.
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../server/config';
import { createDb, migrate } from '../../server/db/knex';
import { createApp } from '../../server/app';
import { systemClock } from '../../server/lib/clock';
import { memoryMailer } from '../../server/lib/mailer';
import { silentLogger } from '../../server/lib/logger';
import { stubPlaid } from '../../tests/support/stub-plaid';

const total = Number(process.env.STUB_TRANSACTIONS);
if (!Number.isSafeInteger(total) || total < 0) throw new Error('STUB_TRANSACTIONS must be a whole number');

const config = loadConfig();
const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const plaid = stubPlaid(total);
const app = createApp({
  config,
  db,
  clock: systemClock,
  mailer: memoryMailer(),
  logger: silentLogger,
  plaid: () => plaid,
});
const server = app.listen(config.port, config.host, () => {
  console.info(`listening on http://localhost:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => void db.destroy().then(() => process.exit(0))));
