// Accounts, sign-in, password reset and account deletion.
import type { AppDeps } from '../deps';
import { HttpError, badRequest, conflict, tooManyAttempts } from '../lib/errors';
import { errorSummary } from '../lib/error-summary';
import { loginFailuresRepo, type FailureKey } from '../repositories/login-failures-repo';
import { rateLimitsRepo } from '../repositories/rate-limit-store';
import { usersRepo, type UserRow } from '../repositories/users-repo';
import { liveBus, type LiveBus } from '../repositories/live-bus';
import { passwordResetsRepo } from '../repositories/password-resets-repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { bearerTokens, hashResetToken, newResetToken } from './tokens';
import { THROTTLE_PREFIX, throttleKeys, userThrottleKey } from './throttle-keys';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
/** Failed sign-ins older than this no longer count towards a lockout. */
export const LOGIN_FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

export interface AuthUser {
  id: number;
  email: string;
  /**
   * The user's bank data version as the request was signed in (migration 009), read with the
   * user's row: the cached transaction list needs it, and a second query per request for it cost
   * a tenth of the list's throughput.
   */
  bankDataVersion: number;
}

/**
 * Runs before a user row is deleted, e.g. to call Plaid's /item/remove for each of the
 * user's items. Throwing aborts the deletion; throw an HttpError to choose the answer.
 */
export type BeforeDeleteUserHook = (userId: number) => Promise<void>;

export type AuthService = ReturnType<typeof createAuthService>;

type AuthDeps = Pick<AppDeps, 'config' | 'db' | 'clock' | 'mailer' | 'logger'>;

export function createAuthService(deps: AuthDeps) {
  const { config, clock, logger } = deps;
  const users = usersRepo(deps.db);
  const resets = passwordResetsRepo(deps.db);
  const failures = loginFailuresRepo(deps.db);
  const limits = rateLimitsRepo(deps.db);
  const keys = throttleKeys(config.encryptionKey);
  let lastFailurePrune = 0;
  const lockout = config.loginLockout;
  const tokens = bearerTokens({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock });
  const beforeDeleteHooks: BeforeDeleteUserHook[] = [];
  const now = () => clock.now().getTime();
  const signedInUsers = userMemory((id) => users.findById(id), liveBus(deps.db), now);

  async function sendResetMail(email: string, token: string): Promise<void> {
    const link = `${config.appUrl}/#/reset-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({
      to: email,
      subject: 'Reset your Budget Quest password',
      text:
        `Someone asked to reset the password of your Budget Quest account.\n\n` +
        `Open this link within 1 hour to choose a new password:\n${link}\n\n` +
        `If it was not you, ignore this e-mail; your password stays the same.\n`,
      html:
        `<p>Someone asked to reset the password of your Budget Quest account.</p>` +
        `<p><a href="${link}">Choose a new password</a> (the link works once, within 1 hour).</p>` +
        `<p>If it was not you, ignore this e-mail; your password stays the same.</p>`,
    });
    // Without SMTP the outbox is the delivery channel, so in development the link is shown to the
    // developer. Never in production: whoever reads a log must not be able to take an account.
    if (!config.smtpUrl) {
      if (config.nodeEnv === 'production') logger.info('Password reset e-mail written to the outbox');
      else logger.info('Password reset e-mail written to the outbox', { link });
    }
  }

  return {
    /** Adds a step that must succeed before any account is deleted. */
    onBeforeDeleteUser(hook: BeforeDeleteUserHook): void {
      beforeDeleteHooks.push(hook);
    },

    async register(email: string, password: string): Promise<string> {
      if (await users.findByEmail(email)) throw conflict('An account with this email already exists');
      const id = await users.insert({ email, passwordHash: await hashPassword(password), createdAt: now() });
      if (id === null) throw conflict('An account with this email already exists');
      return tokens.sign({ userId: id, tokenVersion: 0 });
    },

    /**
     * Signs in. Failures are counted per account and client address: from the lockout threshold
     * on, that address answers 429 for the account for a window that doubles with each further
     * failure (up to the cap). Attempts inside a window are not checked or counted. Guesses from
     * other addresses never lock the owner's own address, and a completed reset clears every
     * address's count. Unknown addresses lock the same way, so a 429 reveals nothing.
     */
    async login(email: string, password: string, clientAddress: string): Promise<string> {
      const key: FailureKey = { account: keys.email(email), client: keys.client(clientAddress) };
      const t = now();
      const state = await failures.get(key);
      if (state && state.lockedUntil > t) throw tooManyAttempts(state.lockedUntil - t);
      const user = await users.findByEmail(email);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !ok) {
        const count = await failures.recordFailure(key, t, t - LOGIN_FAILURE_MEMORY_MS);
        if (count >= lockout.threshold) {
          const doublings = Math.min(count - lockout.threshold, 30);
          await failures.lockUntil(key, t + Math.min(lockout.maxMs, lockout.baseMs * 2 ** doublings));
        }
        if (t - lastFailurePrune > LOGIN_FAILURE_MEMORY_MS / 24) {
          lastFailurePrune = t;
          await failures.pruneOlderThan(t - LOGIN_FAILURE_MEMORY_MS);
        }
        throw new HttpError(401, 'Invalid email or password');
      }
      if (state) await failures.clear(key);
      return tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
    },

    /** The reset-mail limiter's key of an address (an HMAC, so `rate_limits` holds no address). */
    resetMailKey: (email: string): string => keys.email(email),

    /** The signed-in user for a bearer token; a 401 for anything stale or forged. */
    async authenticate(token: string): Promise<AuthUser> {
      const claims = await tokens.verify(token);
      const user = claims && (await signedInUsers.get(claims.userId));
      if (!claims || !user || user.tokenVersion !== claims.tokenVersion)
        throw new HttpError(401, SESSION_EXPIRED);
      return { id: user.id, email: user.email, bankDataVersion: user.bankDataVersion };
    },

    async profile(userId: number): Promise<{ id: number; email: string; createdAt: string }> {
      const user = await users.findById(userId);
      if (!user) throw new HttpError(401, SESSION_EXPIRED);
      return { id: user.id, email: user.email, createdAt: new Date(user.createdAt).toISOString() };
    },

    async requestPasswordReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user) return;
      const { token, hash } = newResetToken();
      await resets.insert({
        userId: user.id,
        tokenHash: hash,
        expiresAt: now() + RESET_TOKEN_TTL_MS,
        createdAt: now(),
      });
      // Not awaited: the answer must not take longer for a real account than for an unknown one.
      sendResetMail(user.email, token).catch((err: unknown) =>
        logger.error('Password reset e-mail could not be sent', errorSummary(err)),
      );
    },

    /** Whether a reset link still works (known, unused, not expired), without using it. */
    async isResetTokenUsable(token: string): Promise<boolean> {
      return resets.isUsable(hashResetToken(token), now());
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = hashResetToken(token);
      if (!(await resets.isUsable(tokenHash, now()))) throw badRequest(RESET_LINK_INVALID);
      const userId = await resets.consume(tokenHash, now(), await hashPassword(password));
      if (userId === null) throw badRequest(RESET_LINK_INVALID);
      // Whoever proved they own the address is no longer locked out anywhere.
      const user = await users.findById(userId);
      if (user) await failures.clearAccount(keys.email(user.email));
    },

    async deleteAccount(userId: number): Promise<void> {
      for (const hook of beforeDeleteHooks) await hook(userId);
      const user = await users.findById(userId);
      await users.delete(userId);
      // Nothing keyed to the account or its address outlives it (rows keyed by user id cascade).
      if (user) await failures.clearAccount(keys.email(user.email));
      await limits.deleteKeys([
        ...(user ? [THROTTLE_PREFIX.resetMail + keys.email(user.email)] : []),
        THROTTLE_PREFIX.linkToken + userThrottleKey(userId),
        THROTTLE_PREFIX.progress + userThrottleKey(userId),
        THROTTLE_PREFIX.statementImport + userThrottleKey(userId),
        THROTTLE_PREFIX.statementPreview + userThrottleKey(userId),
      ]);
    },
  };
}

/** Users remembered at most; the oldest is forgotten first. */
const USER_MEMORY_SIZE = 10_000;
/** How long a remembered user row is used, even while the bus is trusted. */
const USER_MEMORY_TTL_MS = 60_000;

/**
 * The user rows signed-in requests read (token version, bank data version), kept in memory so a
 * request needs no query (issue 27). Safe because every change to either version is announced on
 * the live bus by the transaction that makes it, on every instance: a message forgets the user
 * here. While the bus cannot promise that (PostgreSQL's LISTEN is down) nothing is remembered.
 * A read that a message overtakes is not remembered either (`forgottenAt` > when it started).
 */
export function userMemory(
  read: (id: number) => Promise<UserRow | undefined>,
  bus: LiveBus,
  now: () => number,
) {
  const rows = new Map<number, { user: UserRow; at: number }>();
  /** The epoch of the last message about each user (bounded; `floor` covers the forgotten ones). */
  const forgottenAt = new Map<number, number>();
  let epoch = 0;
  let floor = 0;
  const forget = (userId: number) => {
    rows.delete(userId);
    forgottenAt.delete(userId);
    forgottenAt.set(userId, ++epoch);
    if (forgottenAt.size > USER_MEMORY_SIZE) {
      const [oldest, e] = forgottenAt.entries().next().value!;
      forgottenAt.delete(oldest);
      floor = Math.max(floor, e);
    }
  };
  bus.subscribe((m) => {
    if (m.kind === 'bank' || m.kind === 'session') forget(m.userId);
  });
  bus.onTrustLost(() => {
    rows.clear();
    floor = ++epoch;
  });
  return {
    async get(userId: number): Promise<UserRow | undefined> {
      const trusted = bus.trusted();
      const known = trusted ? rows.get(userId) : undefined;
      if (known && now() - known.at < USER_MEMORY_TTL_MS) return known.user;
      const started = epoch;
      const user = await read(userId);
      if (user && trusted && bus.trusted() && Math.max(forgottenAt.get(userId) ?? 0, floor) <= started) {
        rows.delete(userId);
        rows.set(userId, { user, at: now() });
        if (rows.size > USER_MEMORY_SIZE) rows.delete(rows.keys().next().value!);
      }
      return user;
    },
  };
}
