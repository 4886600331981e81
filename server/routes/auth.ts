// /api/auth: account creation, sign-in, the signed-in user, password reset and account deletion.
import { Router } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { parseBody } from '../middleware/validate';
import { currentUser, requireAuth } from '../middleware/require-auth';
import { DbRateLimitStore } from '../repositories/rate-limit-store';
import { createAuthService, type AuthService } from '../services/auth-service';

const ALL_REQUIRED = 'All fields are required';
const LOGIN_REQUIRED = 'Please enter both email and password';
const INVALID_EMAIL = 'Please enter a valid email address';
const SHORT_PASSWORD = 'Password must be at least 6 characters long';
const MISSING_TOKEN = 'Invalid or missing reset token';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
/** Reset e-mails one address can receive per hour, whoever asks. */
export const RESET_MAILS_PER_HOUR = 5;

const emailText = z
  .string({ error: 'Email must be text' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters');
const validEmail = emailText.regex(z.regexes.email, INVALID_EMAIL);
const passwordText = z
  .string({ error: 'Password must be text' })
  .max(1024, 'Password must be at most 1024 characters');
const newPassword = passwordText.min(6, SHORT_PASSWORD);

const registerBody = z.strictObject({ email: validEmail, password: newPassword });
const loginBody = z.strictObject({ email: emailText, password: passwordText });
const forgotBody = z.strictObject({ email: validEmail });
const resetBody = z.strictObject({
  token: z.string({ error: MISSING_TOKEN }).max(256, MISSING_TOKEN),
  password: newPassword,
});

function limiters({ db, clock, config }: AppDeps) {
  const common = {
    message: { error: TOO_MANY_ATTEMPTS },
    standardHeaders: 'draft-8',
    legacyHeaders: false,
  } as const;
  return {
    perIpAndRoute: rateLimit({
      ...common,
      windowMs: config.authRateWindowMs,
      limit: config.authRateLimit,
      store: new DbRateLimitStore(db, clock, 'auth-ip:'),
      keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}|${req.path}`,
    }),
    // Stops anyone from flooding one inbox from many addresses. The key is a hash so the table
    // holds no e-mail addresses.
    perResetEmail: rateLimit({
      ...common,
      windowMs: 60 * 60 * 1000,
      limit: RESET_MAILS_PER_HOUR,
      store: new DbRateLimitStore(db, clock, 'reset-mail:'),
      skip: (req) => typeof req.body?.email !== 'string',
      keyGenerator: (req) =>
        createHash('sha256').update(String(req.body.email).trim().toLowerCase()).digest('hex'),
    }),
  };
}

export function authRoutes(deps: AppDeps, auth: AuthService = createAuthService(deps)): Router {
  const r = Router();
  const limit = limiters(deps);
  const signedIn = requireAuth(deps);

  r.post('/register', limit.perIpAndRoute, async (req, res) => {
    const { email, password } = parseBody(registerBody, req.body, {
      email: ALL_REQUIRED,
      password: ALL_REQUIRED,
    });
    res.status(201).json({ token: await auth.register(email, password) });
  });

  r.post('/login', limit.perIpAndRoute, async (req, res) => {
    const { email, password } = parseBody(loginBody, req.body, {
      email: LOGIN_REQUIRED,
      password: LOGIN_REQUIRED,
    });
    res.json({ token: await auth.login(email, password) });
  });

  r.get('/me', signedIn, async (req, res) => {
    res.json(await auth.profile(currentUser(req).id));
  });

  r.post('/forgot-password', limit.perIpAndRoute, limit.perResetEmail, async (req, res) => {
    const { email } = parseBody(forgotBody, req.body, { email: INVALID_EMAIL });
    await auth.requestPasswordReset(email);
    res.json({ message: 'If an account exists for that email, a password reset link has been sent.' });
  });

  r.post('/reset-password', limit.perIpAndRoute, async (req, res) => {
    const { token, password } = parseBody(resetBody, req.body, {
      token: MISSING_TOKEN,
      password: SHORT_PASSWORD,
    });
    await auth.resetPassword(token, password);
    res.json({ message: 'Your password has been reset. You can now sign in.' });
  });

  r.delete('/account', signedIn, async (req, res) => {
    await auth.deleteAccount(currentUser(req).id);
    res.json({ message: 'Your account has been deleted.' });
  });

  return r;
}
