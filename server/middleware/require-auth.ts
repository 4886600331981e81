// Lets a request through only with a valid bearer token, and puts its user on req.user.
import type { Request, RequestHandler } from 'express';
import { HttpError } from '../lib/errors';
import type { AuthService, AuthUser } from '../services/auth-service';

declare global {
  // Express's own augmentation point for Request has to be a namespace.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by requireAuth on every protected route. */
      user?: AuthUser;
    }
  }
}

export const NO_TOKEN = 'No authentication token found';

/** The one sign-in check, built once from the app's auth service. */
export function requireAuth(auth: AuthService): RequestHandler {
  // Named so tests can list the protected routes from the router itself (tests/hardening).
  return async function signedIn(req, _res, next) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match) throw new HttpError(401, NO_TOKEN);
    req.user = await auth.authenticate(match[1]);
    next();
  };
}

/** The signed-in user of a route behind requireAuth. */
export function currentUser(req: Request): AuthUser {
  if (!req.user) throw new HttpError(401, NO_TOKEN);
  return req.user;
}
