// The auth screens' server calls (SPEC 7), typed. Sign-in state itself lives in session.ts.
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
interface MessageResponse {
  message?: string;
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

export async function requestPasswordReset(email: string): Promise<string | null> {
  const res = await api.post<MessageResponse | null>('/auth/forgot-password', { email }, { auth: false });
  return typeof res?.message === 'string' ? res.message : null;
}

export async function resetPassword(token: string, password: string): Promise<string | null> {
  const res = await api.post<MessageResponse | null>(
    '/auth/reset-password',
    { token, password },
    { auth: false },
  );
  return typeof res?.message === 'string' ? res.message : null;
}

/** Whether a reset link still works, asked without using it. */
export async function checkResetToken(token: string): Promise<boolean> {
  const res = await api.post<{ valid?: unknown } | null>(
    '/auth/reset-password/check',
    { token },
    { auth: false },
  );
  return res?.valid !== false;
}
