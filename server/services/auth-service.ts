// Accounts, sign-in, password reset and account deletion.
import type { AppDeps } from '../app';
import { HttpError, badRequest, conflict } from '../lib/errors';
import { usersRepo } from '../repositories/users-repo';
import { passwordResetsRepo } from '../repositories/password-resets-repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { bearerTokens, hashResetToken, newResetToken } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Please request a new one.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

export interface AuthUser {
  id: number;
  email: string;
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
  const tokens = bearerTokens({ secret: config.jwtSecret, ttlSeconds: config.tokenTtlSeconds, clock });
  const beforeDeleteHooks: BeforeDeleteUserHook[] = [];
  const now = () => clock.now().getTime();

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
    // Without SMTP the outbox is the delivery channel, so the link may be shown to the operator.
    if (!config.smtpUrl) logger.info('Password reset e-mail written to the outbox', { link });
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

    async login(email: string, password: string): Promise<string> {
      const user = await users.findByEmail(email);
      const ok = user
        ? await verifyPassword(user.passwordHash, password)
        : await verifyAgainstDummy(password);
      if (!user || !ok) throw new HttpError(401, 'Invalid email or password');
      return tokens.sign({ userId: user.id, tokenVersion: user.tokenVersion });
    },

    /** The signed-in user for a bearer token; a 401 for anything stale or forged. */
    async authenticate(token: string): Promise<AuthUser> {
      const claims = await tokens.verify(token);
      const user = claims && (await users.findById(claims.userId));
      if (!claims || !user || user.tokenVersion !== claims.tokenVersion)
        throw new HttpError(401, SESSION_EXPIRED);
      return { id: user.id, email: user.email };
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
        logger.error('Password reset e-mail could not be sent', {
          err: err instanceof Error ? err.message : String(err),
        }),
      );
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const tokenHash = hashResetToken(token);
      if (!(await resets.isUsable(tokenHash, now()))) throw badRequest(RESET_LINK_INVALID);
      const userId = await resets.consume(tokenHash, now(), await hashPassword(password));
      if (userId === null) throw badRequest(RESET_LINK_INVALID);
    },

    async deleteAccount(userId: number): Promise<void> {
      for (const hook of beforeDeleteHooks) await hook(userId);
      await users.delete(userId);
    },
  };
}
