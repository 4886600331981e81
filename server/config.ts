// Every environment variable the server reads, validated once, with the embedded defaults.
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  PLAID_CLIENT_ID: z.string().optional(),
  PLAID_SECRET: z.string().optional(),
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  PLAID_NOT_READY_MS: z.coerce.number().int().min(0).default(1500),
  STATIC_DIR: z.string().default('./dist'),
  TRUST_PROXY: z.string().optional(),
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
  plaid: {
    /** Real mode when both are set; otherwise the embedded local sandbox. */
    clientId?: string;
    secret?: string;
    env: 'sandbox' | 'production';
    realMode: boolean;
    /** How long the local sandbox answers PRODUCT_NOT_READY after an exchange. */
    notReadyMs: number;
  };
  staticDir: string;
  trustProxy?: string;
}

/** Reads a secret from the data folder, creating it once with `bytes` random bytes. */
function persistedSecret(dataDir: string, file: string, bytes: number): string {
  const p = path.join(dataDir, file);
  if (existsSync(p)) return readFileSync(p, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(bytes).toString('hex');
  writeFileSync(p, value + '\n', { mode: 0o600 });
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${msg}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = e.JWT_SECRET ?? persistedSecret(dataDir, 'jwt-secret', 48);
  const encryptionKey = Buffer.from(
    e.ENCRYPTION_KEY ?? persistedSecret(dataDir, 'encryption-key', 32),
    'hex',
  );
  const realMode = Boolean(e.PLAID_CLIENT_ID && e.PLAID_SECRET);
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
    plaid: {
      clientId: e.PLAID_CLIENT_ID,
      secret: e.PLAID_SECRET,
      env: e.PLAID_ENV,
      realMode,
      notReadyMs: e.PLAID_NOT_READY_MS,
    },
    staticDir: path.resolve(e.STATIC_DIR),
    trustProxy: e.TRUST_PROXY,
  };
}
