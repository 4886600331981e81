// Every environment variable the server reads, validated once, with the embedded defaults.
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, privateDir } from './lib/private-files';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ENCRYPTION_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'ENCRYPTION_KEY must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z.string().optional(),
  // Production sends reset e-mail through SMTP_URL; `true` keeps it in DATA_DIR/outbox instead.
  MAIL_OUTBOX: z.enum(['true', 'false'], { error: 'MAIL_OUTBOX must be true or false' }).optional(),
  MAIL_FROM: z.string().default('Budget Quest <no-reply@budgetquest.local>'),
  APP_URL: z.string().url().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  AUTH_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  // Link tokens one user may ask for per window (each opens a Link session at the bank).
  LINK_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  LINK_TOKEN_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  // Progress event batches one user may send per minute (the browser sends one every few seconds
  // at most; a replayed queue is 100 events a batch).
  PROGRESS_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  LOGIN_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).max(1000).default(10),
  LOGIN_LOCKOUT_BASE_MS: z.coerce.number().int().positive().default(60_000),
  LOGIN_LOCKOUT_MAX_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 1000),
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Real Plaid's webhooks go here: this app's public https address + /api/plaid/webhook. */
  PLAID_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'PLAID_WEBHOOK_URL must be an http(s) URL' })
    .max(2048)
    .optional(),
  PLAID_NOT_READY_MS: z.coerce.number().int().min(0).default(1500),
  // How long the app waits for one answer from Plaid (or the sandbox) before giving up.
  PLAID_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(25_000),
  // The embedded sandbox's own API keys; generated into DATA_DIR when unset.
  PLAID_SANDBOX_CLIENT_ID: z
    .string()
    .regex(/^[\x21-\x7e]{16,64}$/, 'PLAID_SANDBOX_CLIENT_ID must be 16 to 64 printable ASCII characters')
    .optional(),
  PLAID_SANDBOX_SECRET: z
    .string()
    .regex(/^[\x21-\x7e]{24,128}$/, 'PLAID_SANDBOX_SECRET must be 24 to 128 printable ASCII characters')
    .optional(),
  PLAID_SANDBOX_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  PLAID_SANDBOX_RATE_WINDOW_MS: z.coerce.number().int().positive().max(3_600_000).default(10_000),
  SIMULATED_BANKING: z
    .enum(['true', 'false'], { error: 'SIMULATED_BANKING must be true or false' })
    .optional(),
  STATIC_DIR: z.string().default('./dist'),
  TRUST_PROXY: z.string().optional(),
  BANK_LOCK_WAIT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
});

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  encryptionKey: Buffer;
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the app, used in e-mailed links. */
  appUrl: string;
  tokenTtlSeconds: number;
  authRateLimit: number;
  authRateWindowMs: number;
  /** Link tokens per user and window (`POST /api/plaid/create_link_token`). */
  linkTokenRateLimit: number;
  linkTokenRateWindowMs: number;
  /** Progress batches per user and minute (`POST /api/progress/events`). */
  progressRateLimit: number;
  /**
   * Failed sign-ins per account and client address: from `threshold` failures on, that address
   * answers 429 for the account for `baseMs`, doubling with each further failure up to `maxMs`.
   */
  loginLockout: { threshold: number; baseMs: number; maxMs: number };
  plaid: {
    /** Real mode when both are set; otherwise the embedded local sandbox. */
    clientId?: string;
    secret?: string;
    env: 'sandbox' | 'production';
    realMode: boolean;
    /** How long the local sandbox answers PRODUCT_NOT_READY after an exchange. */
    notReadyMs: number;
    /** How long one call to Plaid may take before it counts as a timeout. */
    timeoutMs: number;
    /**
     * Where Plaid sends webhooks (given with each link token). Unset with the local sandbox: it
     * then posts to this server's own loopback address (AppDeps.webhookUrl).
     */
    webhookUrl?: string;
    /** The embedded sandbox's settings; null in real mode, where it is not mounted at all. */
    sandbox: SandboxConfig | null;
  };
  staticDir: string;
  trustProxy?: string;
  /** How long one user's bank operation waits for another of theirs to finish (any instance). */
  bankLockWaitMs: number;
}

export interface SandboxConfig {
  /** The only client id and secret the sandbox's API accepts; only this server's SDK has them. */
  clientId: string;
  secret: string;
  /** Requests per address and window that the sandbox answers before RATE_LIMIT (429). */
  rateLimit: number;
  rateWindowMs: number;
}

/** Reads a secret from the data folder, creating it once with `bytes` random bytes. */
function persistedSecret(dataDir: string, file: string, bytes: number): string {
  const p = path.join(dataDir, file);
  if (existsSync(p)) return readFileSync(p, 'utf8').trim();
  const value = randomBytes(bytes).toString('hex');
  writeFileSync(p, value + '\n', { mode: PRIVATE_FILE_MODE });
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const realMode = Boolean(e.PLAID_CLIENT_ID && e.PLAID_SECRET);
  if (realMode && e.SIMULATED_BANKING === 'true') {
    throw new Error(
      'SIMULATED_BANKING=true contradicts PLAID_CLIENT_ID and PLAID_SECRET: set one or the other',
    );
  }
  // A production server must never hand out simulated bank data unless asked to in so many words.
  if (!realMode && e.NODE_ENV === 'production' && e.SIMULATED_BANKING !== 'true') {
    throw new Error(
      'NODE_ENV=production needs PLAID_CLIENT_ID and PLAID_SECRET; to serve simulated bank data from the local Plaid sandbox instead, set SIMULATED_BANKING=true',
    );
  }
  // Secrets generated into one instance's data folder differ on every other instance: their
  // sign-ins and stored bank tokens would not be accepted elsewhere (README "Running several
  // instances"). `npm start` (development) keeps generating them.
  if (e.NODE_ENV === 'production') {
    const missing = (['JWT_SECRET', 'ENCRYPTION_KEY'] as const).filter((k) => !e[k]);
    if (missing.length > 0) {
      throw new Error(
        `NODE_ENV=production needs ${missing.join(' and ')} set: every instance must share them to accept each other's sign-ins and read stored bank tokens`,
      );
    }
  }
  // Reset links are keys to accounts: a production server must be able to send them and must
  // never print them (the outbox logs them in development only), so it needs a mail server
  // unless the operator chose the outbox in so many words.
  if (e.NODE_ENV === 'production' && !e.SMTP_URL && e.MAIL_OUTBOX !== 'true') {
    throw new Error(
      "NODE_ENV=production needs SMTP_URL to send password reset e-mail; to keep it in the data folder's outbox instead, set MAIL_OUTBOX=true",
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // 0700, and every file already in it 0600 (database, WAL, outbox, generated secrets).
  privateDir(dataDir);
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', 48);
  const encryptionKey = Buffer.from(
    e.ENCRYPTION_KEY ?? persistedSecret(dataDir, 'encryption-key', 32),
    'hex',
  );
  // Plaid's own formats: a 24-hex-character client id and a 30-hex-character secret.
  const sandbox: SandboxConfig | null = realMode
    ? null
    : {
        clientId: e.PLAID_SANDBOX_CLIENT_ID ?? persistedSecret(dataDir, 'plaid-sandbox-client-id', 12),
        secret: e.PLAID_SANDBOX_SECRET ?? persistedSecret(dataDir, 'plaid-sandbox-secret', 15),
        rateLimit: e.PLAID_SANDBOX_RATE_LIMIT,
        rateWindowMs: e.PLAID_SANDBOX_RATE_WINDOW_MS,
      };
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret,
    encryptionKey,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    tokenTtlSeconds: Math.round(e.TOKEN_TTL_HOURS * 3600),
    authRateLimit: e.AUTH_RATE_LIMIT,
    authRateWindowMs: e.AUTH_RATE_WINDOW_MS,
    linkTokenRateLimit: e.LINK_TOKEN_RATE_LIMIT,
    linkTokenRateWindowMs: e.LINK_TOKEN_RATE_WINDOW_MS,
    progressRateLimit: e.PROGRESS_RATE_LIMIT,
    loginLockout: {
      threshold: e.LOGIN_LOCKOUT_THRESHOLD,
      baseMs: e.LOGIN_LOCKOUT_BASE_MS,
      maxMs: Math.max(e.LOGIN_LOCKOUT_MAX_MS, e.LOGIN_LOCKOUT_BASE_MS),
    },
    plaid: {
      clientId: e.PLAID_CLIENT_ID,
      secret: e.PLAID_SECRET,
      env: e.PLAID_ENV,
      realMode,
      notReadyMs: e.PLAID_NOT_READY_MS,
      timeoutMs: e.PLAID_TIMEOUT_MS,
      webhookUrl: e.PLAID_WEBHOOK_URL,
      sandbox,
    },
    staticDir: path.resolve(e.STATIC_DIR),
    trustProxy: e.TRUST_PROXY,
    bankLockWaitMs: e.BANK_LOCK_WAIT_MS,
  };
}
