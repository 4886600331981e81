// What a server start guarantees about private data (issue 23): production never runs without a
// way to send reset e-mail, and the data folder is readable by its owner only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { createDb, migrate } from '../../server/db/knex';
import { createMailer } from '../../server/lib/mailer';

let dataDir = '';
beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'bq-private-')), 'data');
});
afterEach(async () => {
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

const production = {
  NODE_ENV: 'production',
  SIMULATED_BANKING: 'true',
  JWT_SECRET: 'j'.repeat(48),
  ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('issue 23.2: production needs a way to send reset e-mail', () => {
  it('when production has no SMTP_URL, then loading the config fails with one line naming SMTP_URL and the outbox choice', () => {
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir })).toThrow(
      /^[^\n]*SMTP_URL[^\n]*MAIL_OUTBOX=true[^\n]*$/,
    );
    expect(() => loadConfig({ ...production, DATA_DIR: dataDir, MAIL_OUTBOX: 'false' })).toThrow(/SMTP_URL/);
  });

  it('when production has SMTP_URL or chose the outbox, then it starts; development needs neither', () => {
    expect(loadConfig({ ...production, DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.test' }).smtpUrl).toBe(
      'smtp://mail.test',
    );
    expect(loadConfig({ ...production, DATA_DIR: dataDir, MAIL_OUTBOX: 'true' }).smtpUrl).toBeUndefined();
    // `npm start` runs with no NODE_ENV: the development default, outbox included.
    expect(loadConfig({ DATA_DIR: dataDir }).nodeEnv).toBe('development');
  });
});

/** Every entry under `dir` with its permission bits. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = { '.': statSync(dir).mode & 0o777 };
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      out[path.relative(dir, p)] = statSync(p).mode & 0o777;
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

async function useDataFolder() {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const db = createDb({ dataDir: config.dataDir });
  try {
    await migrate(db);
    await db('users').insert({ email: 'a@example.com', password_hash: 'x', created_at: 1, token_version: 0 });
    const mailer = createMailer({ from: 'a@b.c', outboxDir: path.join(dataDir, 'outbox') });
    await mailer.send({ to: 'a@example.com', subject: 'hi', text: 'hi' });
    // The WAL and its index exist while the connection is open.
    return modes(dataDir);
  } finally {
    await db.destroy();
  }
}

describe('issue 23.4: the data folder is private', () => {
  it('when the server creates the data folder, then it is 0700 and every file in it 0600', async () => {
    const seen = await useDataFolder();
    expect(Object.keys(seen)).toEqual(
      expect.arrayContaining(['budget-quest.sqlite', 'budget-quest.sqlite-wal', 'jwt-secret', 'outbox']),
    );
    for (const [name, mode] of Object.entries(seen)) {
      const dir = name === '.' || name === 'outbox';
      expect(mode.toString(8), name).toBe(dir ? '700' : '600');
    }
  });

  it('when the folder and its files already exist readable by all, then a start makes them private', async () => {
    mkdirSync(path.join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, 'outbox'), 0o755);
    for (const f of ['budget-quest.sqlite', 'encryption-key', 'outbox/old.eml']) {
      writeFileSync(path.join(dataDir, f), f === 'encryption-key' ? 'ab'.repeat(32) : '', { mode: 0o644 });
      chmodSync(path.join(dataDir, f), 0o644);
    }
    const seen = await useDataFolder();
    for (const [name, mode] of Object.entries(seen)) {
      const dir = name === '.' || name === 'outbox';
      expect(mode.toString(8), name).toBe(dir ? '700' : '600');
    }
  });
});
