// Migrations are listed here statically so they work the same under tsx, Vitest and a bundler.
import type { Knex } from 'knex';
import * as m001 from './001-users';
import * as m002 from './002-plaid-sandbox';
import * as m003 from './003-bank';
import * as m005 from './005-login-failures';
import * as m006 from './006-progress';
import * as m007 from './007-item-removal';
import * as m008 from './008-query-indexes';
import * as m009 from './009-bank-data-version';
import * as m010 from './010-throttle-keys';
import * as m011 from './011-game-referee';
import * as m012 from './012-link-sessions';
import * as m013 from './013-learn';
import * as m014 from './014-statement-imports';
import * as m015 from './015-webhooks';
import * as m016 from './016-recurring-streams';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}
const migrations: Record<string, Migration> = {
  '001-users': m001,
  '002-plaid-sandbox': m002,
  '003-bank': m003,
  '005-login-failures': m005,
  '006-progress': m006,
  '007-item-removal': m007,
  '008-query-indexes': m008,
  '009-bank-data-version': m009,
  '010-throttle-keys': m010,
  '011-game-referee': m011,
  '012-link-sessions': m012,
  '013-learn': m013,
  '014-statement-imports': m014,
  '015-webhooks': m015,
  '016-recurring-streams': m016,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};
