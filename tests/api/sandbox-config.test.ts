// How the server configures the embedded Plaid sandbox: its own API keys, generated once into
// the data folder or given by the operator, and the rule that production never serves
// simulated bank data unless told to.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config';

let dataDir = '';
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'bq-config-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });

describe('when no sandbox keys are given', () => {
  it('then keys in Plaid formats are generated once into the data folder, readable by the owner only', () => {
    const first = load().plaid.sandbox;
    expect(first?.clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(first?.secret).toMatch(/^[0-9a-f]{30}$/);
    expect(load().plaid.sandbox).toEqual(first);
    expect(statSync(path.join(dataDir, 'plaid-sandbox-secret')).mode & 0o077).toBe(0);
  });

  it('then another data folder gets other keys', async () => {
    const other = await mkdtemp(path.join(tmpdir(), 'bq-config-'));
    try {
      const a = load().plaid.sandbox;
      const b = loadConfig({ NODE_ENV: 'test', DATA_DIR: other }).plaid.sandbox;
      expect(b?.secret).not.toBe(a?.secret);
      expect(b?.clientId).not.toBe(a?.clientId);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });
});

describe('when the operator sets sandbox keys or limits', () => {
  it('then they are used as given', () => {
    const s = load({
      PLAID_SANDBOX_CLIENT_ID: 'operator-client-id-1',
      PLAID_SANDBOX_SECRET: 'operator-secret-0123456789abcdef',
      PLAID_SANDBOX_RATE_LIMIT: '500',
      PLAID_SANDBOX_RATE_WINDOW_MS: '60000',
    }).plaid.sandbox;
    expect(s).toEqual({
      clientId: 'operator-client-id-1',
      secret: 'operator-secret-0123456789abcdef',
      rateLimit: 500,
      rateWindowMs: 60000,
    });
  });

  it('then a weak or malformed value stops the start with the variable named', () => {
    expect(() => load({ PLAID_SANDBOX_SECRET: 'short' })).toThrow(/PLAID_SANDBOX_SECRET/);
    expect(() => load({ PLAID_SANDBOX_CLIENT_ID: 'has spaces in it ok?' })).toThrow(
      /PLAID_SANDBOX_CLIENT_ID/,
    );
    expect(() => load({ PLAID_SANDBOX_RATE_LIMIT: '0' })).toThrow(/PLAID_SANDBOX_RATE_LIMIT/);
    expect(() => load({ SIMULATED_BANKING: 'yes' })).toThrow(/SIMULATED_BANKING/);
  });
});

/** The secrets every production instance must be given (README "Running several instances"). */
const SHARED = { JWT_SECRET: 'j'.repeat(48), ENCRYPTION_KEY: 'ab'.repeat(32), MAIL_OUTBOX: 'true' };

describe('when NODE_ENV is production', () => {
  it('then without JWT_SECRET or ENCRYPTION_KEY it refuses, in one line naming what is missing', () => {
    const base = { NODE_ENV: 'production', SIMULATED_BANKING: 'true' };
    expect(() => load(base)).toThrow(/^[^\n]*JWT_SECRET and ENCRYPTION_KEY[^\n]*share[^\n]*$/);
    expect(() => load({ ...base, JWT_SECRET: SHARED.JWT_SECRET })).toThrow(/needs ENCRYPTION_KEY set/);
    expect(() => load({ ...base, ENCRYPTION_KEY: SHARED.ENCRYPTION_KEY })).toThrow(/needs JWT_SECRET set/);
    const ok = load({ ...base, ...SHARED });
    expect(ok.jwtSecret).toBe(SHARED.JWT_SECRET);
    expect(ok.encryptionKey.toString('hex')).toBe(SHARED.ENCRYPTION_KEY);
  });

  it('then outside production the secrets are still generated into the data folder', () => {
    const dev = load({});
    expect(dev.jwtSecret.length).toBeGreaterThanOrEqual(64);
    expect(dev.encryptionKey).toHaveLength(32);
  });

  it('then without Plaid keys it refuses, in one line that names SIMULATED_BANKING', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/^[^\n]*SIMULATED_BANKING=true[^\n]*$/);
    expect(() => load({ NODE_ENV: 'production', SIMULATED_BANKING: 'false' })).toThrow(/SIMULATED_BANKING/);
    expect(() => load({ NODE_ENV: 'production', PLAID_CLIENT_ID: 'only-the-id' })).toThrow(
      /SIMULATED_BANKING/,
    );
  });

  it('then SIMULATED_BANKING=true runs the sandbox, and real keys run real Plaid without it', () => {
    expect(
      load({ NODE_ENV: 'production', SIMULATED_BANKING: 'true', ...SHARED }).plaid.sandbox,
    ).not.toBeNull();
    const real = load({
      NODE_ENV: 'production',
      PLAID_CLIENT_ID: 'id',
      PLAID_SECRET: 'secret',
      ...SHARED,
    }).plaid;
    expect(real.realMode).toBe(true);
    expect(real.sandbox).toBeNull();
  });

  it('then SIMULATED_BANKING=true together with Plaid keys is refused as a contradiction', () => {
    expect(() =>
      load({ NODE_ENV: 'production', SIMULATED_BANKING: 'true', PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's' }),
    ).toThrow(/contradicts/);
  });
});
