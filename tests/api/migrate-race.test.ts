// Several instances starting together on one PostgreSQL database migrate once and all start
// (issue 16): without the advisory lock, Knex's creation of its own tables races.
import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createDb, migrate } from '../../server/db/knex';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('when four instances migrate one empty schema at the same instant, then all succeed and each migration runs once', async () => {
    const schema = `race_${randomBytes(5).toString('hex')}`;
    const dbs = Array.from({ length: 4 }, () =>
      createDb({ databaseUrl: url, dataDir: '.', pgSchema: schema }),
    );
    try {
      const results = await Promise.allSettled(dbs.map((db) => migrate(db, schema)));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(
        Array(4).fill('ok'),
      );
      const rows = await dbs[0].withSchema(schema).table('knex_migrations').select('name');
      expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await dbs[0].raw('DROP SCHEMA IF EXISTS ?? CASCADE', [schema]);
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  });
});
