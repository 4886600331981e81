// The forgot-password and reset-password calls (SPEC 7), typed: apart from api.ts, so the
// sign-in screen does not load them (issue 30).
import { api } from '@/lib/api-client';

interface MessageResponse {
  message?: string;
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
