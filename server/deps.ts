// What the app is built from; tests replace any of it (a manual clock, a stub Plaid client).
import type { PlaidApi } from 'plaid';
import type { Config } from './config';
import type { Db } from './db/knex';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mailer';
import type { Logger } from './lib/logger';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** The Plaid SDK client (real Plaid, or the embedded sandbox), built on first use. */
  plaid: () => PlaidApi;
  /**
   * The webhook URL given to Plaid with each link token (none when undefined): the configured one,
   * or this server's own address when it hosts the local sandbox (plaid-client.ts).
   */
  webhookUrl?: () => string | undefined;
}
