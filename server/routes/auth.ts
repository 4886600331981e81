// /api/auth: account creation, sign-in, the signed-in user, password reset and account deletion.
import type { RequestHandler, Router } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { z } from 'zod';
import { isTimeZone } from '../../src/domain/referee';
import { notice } from '../services/progress-service';
import { parseBody } from '../middleware/validate';
import { TOO_MANY_ATTEMPTS } from '../lib/errors';
import { strictRouter } from './strict-router';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { THROTTLE_PREFIX } from '../services/throttle-keys';
import { EMAIL_MAX, MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '../../src/domain/validation';

const { allRequired, loginRequired, invalidEmail, passwordTooShort, missingResetToken } = MESSAGES;
/** The limits the auth routes apply per client address (from the config). */
export interface AuthLimits {
  authRateLimit: number;
  authRateWindowMs: number;
}

/** Reset e-mails one address can receive per hour, whoever asks. */
export const RESET_MAILS_PER_HOUR = 5;

const emailText = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, MESSAGES.emailTooLong);
const validEmail = emailText.regex(z.regexes.email, invalidEmail);
const passwordText = z.string({ error: 'Password must be text' }).max(PASSWORD_MAX, MESSAGES.passwordTooLong);
const newPassword = passwordText.min(PASSWORD_MIN, passwordTooShort);

/** The browser's IANA time zone: the user's calendar days (daily login XP, streaks) are counted in it. */
const timeZone = z
  .string({ error: 'timeZone must be text' })
  .max(64, 'timeZone is too long')
  .refine(isTimeZone, 'timeZone must be an IANA time zone such as Europe/Paris')
  .optional();
const registerBody = z.strictObject({ email: validEmail, password: newPassword, timeZone });
const loginBody = z.strictObject({ email: emailText, password: passwordText, timeZone });
const forgotBody = z.strictObject({ email: validEmail });
const resetBody = z.strictObject({
  token: z.string({ error: missingResetToken }).max(256, missingResetToken),
  password: newPassword,
});

const resetCheckBody = z.strictObject({
  token: z.string({ error: missingResetToken }).max(256, missingResetToken),
});

function limiters({ system, auth }: AppServices, config: AuthLimits) {
  const common = {
    message: { error: TOO_MANY_ATTEMPTS },
    standardHeaders: 'draft-8',
    legacyHeaders: false,
  } as const;
  return {
    /**
     * One budget per client address and route. The key names the route, not the request's
     * spelling of it, so `/LOGIN` or `/login/` could never get a fresh budget (they are 404 anyway:
     * API routing is case-sensitive and strict).
     */
    perIp: (route: 'register' | 'login' | 'forgot' | 'reset') =>
      rateLimit({
        ...common,
        windowMs: config.authRateWindowMs,
        limit: config.authRateLimit,
        store: system.rateLimitStore(`auth-ip:${route}:`),
        keyGenerator: (req) => ipKeyGenerator(req.ip ?? ''),
      }),
    // Stops anyone from flooding one inbox from many addresses. Over the cap the request goes on
    // with `res.locals.resetMailCapped` set: it answers the usual message and sends nothing, so
    // nobody learns of the cap or can lock someone out with a 429. The key is an HMAC with a
    // server secret, so the table holds no e-mail addresses and none can be confirmed by guessing.
    perResetEmail: rateLimit({
      ...common,
      windowMs: 60 * 60 * 1000,
      limit: RESET_MAILS_PER_HOUR,
      store: system.rateLimitStore(THROTTLE_PREFIX.resetMail),
      skip: (req) => typeof req.body?.email !== 'string',
      keyGenerator: (req) => auth.resetMailKey(String(req.body.email)),
      handler: (_req, res, next) => {
        res.locals.resetMailCapped = true;
        next();
      },
    }),
  };
}

export function authRoutes(services: AppServices, signedIn: RequestHandler, config: AuthLimits): Router {
  const r = strictRouter();
  const { auth } = services;
  const limit = limiters(services, config);

  r.post('/register', limit.perIp('register'), async (req, res) => {
    const {
      email,
      password,
      timeZone: tz,
    } = parseBody(registerBody, req.body, {
      email: allRequired,
      password: allRequired,
    });
    const token = await auth.register(email, password);
    const { id } = await auth.authenticate(token);
    // The referee records the first login and usage day; a new account starts at 0 XP.
    await services.progress.signIn(id, 'new', tz);
    res.status(201).json({ token });
  });

  r.post('/login', limit.perIp('login'), async (req, res) => {
    const {
      email,
      password,
      timeZone: tz,
    } = parseBody(loginBody, req.body, {
      email: loginRequired,
      password: loginRequired,
    });
    const token = await auth.login(email, password, req.ip ?? '');
    const { id } = await auth.authenticate(token);
    // The referee pays the day's +10 once and records the login and usage days.
    const { value, state } = await services.progress.signIn(id, 'existing', tz);
    res.json({ token, progress: state, reward: notice(value) });
  });

  r.get('/me', signedIn, async (req, res) => {
    res.json(await auth.profile(currentUser(req).id));
  });

  r.post('/forgot-password', limit.perIp('forgot'), limit.perResetEmail, async (req, res) => {
    const { email } = parseBody(forgotBody, req.body, { email: invalidEmail });
    if (!res.locals.resetMailCapped) await auth.requestPasswordReset(email);
    res.json({ message: 'If an account exists for that email, a password reset link has been sent.' });
  });

  r.post('/reset-password', limit.perIp('reset'), async (req, res) => {
    const { token, password } = parseBody(resetBody, req.body, {
      token: missingResetToken,
      password: passwordTooShort,
    });
    await auth.resetPassword(token, password);
    res.json({ message: 'Your password has been reset. You can now sign in.' });
  });

  // Lets the reset screen say at once that a link was used or expired, before two passwords are
  // typed. It never spends the token, and it shares the reset route's budget, so it cannot be used
  // to guess tokens faster than the reset itself.
  r.post('/reset-password/check', limit.perIp('reset'), async (req, res) => {
    const { token } = parseBody(resetCheckBody, req.body, { token: missingResetToken });
    res.json({ valid: await auth.isResetTokenUsable(token) });
  });

  r.delete('/account', signedIn, async (req, res) => {
    await auth.deleteAccount(currentUser(req).id);
    res.json({ message: 'Your account has been deleted.' });
  });

  return r;
}
