// Bearer tokens (HS256 JWTs that carry the account's token version) and password-reset tokens.
import { SignJWT, jwtVerify } from 'jose';
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../lib/clock';

/** How far ahead of this server's clock a token's issue time may be. */
export const IAT_SKEW_MS = 5_000;

export interface TokenClaims {
  userId: number;
  tokenVersion: number;
}

export interface BearerTokens {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid, unexpired token; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** How many verified tokens are remembered (a few MB at most). */
const VERIFIED_CACHE_SIZE = 10_000;

export function bearerTokens(opts: { secret: string; ttlSeconds: number; clock: Clock }): BearerTokens {
  const key = new TextEncoder().encode(opts.secret);
  /**
   * Tokens whose signature and claims were checked, with their expiry (ms). A token's signature
   * never changes, so each is checked once, not on every request (it was a tenth of a millisecond
   * of every signed-in request's work); expiry is still compared with the clock every time, and
   * the account's token version is still read by the caller. Oldest first, for eviction.
   */
  const verified = new Map<string, TokenClaims & { expMs: number }>();
  const remember = (token: string, claims: TokenClaims, expMs: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, expMs });
  };
  return {
    async sign({ userId, tokenVersion }) {
      const iat = Math.floor(opts.clock.now().getTime() / 1000);
      return new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuedAt(iat)
        .setExpirationTime(iat + opts.ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (opts.clock.now().getTime() < known.expMs)
          return { userId: known.userId, tokenVersion: known.tokenVersion };
        verified.delete(token);
        return null;
      }
      try {
        const now = opts.clock.now();
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now,
          // Every token this server signs has all three; one without them was not made here.
          requiredClaims: ['sub', 'iat', 'exp'],
        });
        // A token issued in the future was not made by this server (a few seconds allow for
        // clock differences between instances).
        if (typeof payload.iat !== 'number' || payload.iat * 1000 > now.getTime() + IAT_SKEW_MS) return null;
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || typeof payload.tv !== 'number') return null;
        const claims = { userId, tokenVersion: payload.tv };
        remember(token, claims, (payload.exp as number) * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** Only this hash is stored, so a database leak does not hand out working reset links. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A 256-bit random token for the e-mailed link, and the hash to store. */
export function newResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token) };
}
