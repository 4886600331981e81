// Finishing a sign-in (SPEC 4 "Auth") once the server has answered with a token: saved progress is
// restored, the session applied and the day's reward announced. Part of the session runtime's
// chunk (app/session-runtime.tsx hands it to the sign-in screens through lib/session-runtime.ts),
// so the sign-in screens' first load carries none of the progression it needs (issue 30).
import type { RewardNotice } from '@/domain/progress-events';
import { applySignIn } from './session';
import { restoreProgress } from './progress-sync/restore';
import { announceSignIn } from './progression';

export async function finishSignIn(
  token: string,
  kind: 'new' | 'existing',
  reward: RewardNotice | null,
): Promise<void> {
  // An existing user's progress comes back from the server, the day's +10 already in it (the
  // server paid it at sign-in), and is announced; a new account starts from zero (SPEC 4).
  const restored = kind === 'existing' && (await restoreProgress(token));
  applySignIn(token, kind);
  // Announced only over the server's state (which holds it); otherwise the app start's mirror
  // shows the change when the server is reached.
  if (restored) announceSignIn(reward);
}
