// The profile's own server call (SPEC 7): account deletion. Bank data comes from lib/bank.
import { api, getToken } from '@/lib/api-client';

const NO_TOKEN = 'No authentication token found';

export async function deleteAccount(): Promise<void> {
  if (!getToken()) throw new Error(NO_TOKEN);
  await api.delete<unknown>('/auth/account');
}
