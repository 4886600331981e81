// The auth screens' server calls (SPEC 7), typed. Sign-in state itself lives in session.ts.
import { api } from '@/lib/api-client';

interface TokenResponse {
  token: string;
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

export async function login(email: string, password: string): Promise<string> {
  return tokenOf(await api.post<TokenResponse>('/auth/login', { email, password }, { auth: false }));
}

export async function register(email: string, password: string): Promise<string> {
  return tokenOf(await api.post<TokenResponse>('/auth/register', { email, password }, { auth: false }));
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
