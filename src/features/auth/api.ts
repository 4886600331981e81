// The sign-in and register calls (SPEC 7), typed; the password reset's are in password-api.ts.
// Sign-in state itself lives in lib/session.ts.
import { api } from '@/lib/api-client';
import type { RewardNotice } from '@/domain/progress-events';

interface TokenResponse {
  token: string;
  /** What the sign-in paid (the server's daily +10 and any day achievement). */
  reward?: RewardNotice;
}

/** A sign-in: the token and what the server paid for it. */
export interface SignedIn {
  token: string;
  reward: RewardNotice | null;
}

/** The browser's time zone: the server counts the player's calendar days in it. */
function timeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The token from a sign-in answer; an answer without one is an error, not a signed-in user. */
function tokenOf(res: TokenResponse | null): string {
  if (!res || typeof res.token !== 'string' || res.token === '')
    throw new Error('No token received from server');
  return res.token;
}

export async function login(email: string, password: string): Promise<SignedIn> {
  const res = await api.post<TokenResponse>(
    '/auth/login',
    { email, password, timeZone: timeZone() },
    { auth: false },
  );
  return { token: tokenOf(res), reward: res?.reward ?? null };
}

export async function register(email: string, password: string): Promise<SignedIn> {
  const res = await api.post<TokenResponse>(
    '/auth/register',
    { email, password, timeZone: timeZone() },
    { auth: false },
  );
  return { token: tokenOf(res), reward: null };
}
