// Where the app shell mounts the signed-in session's runtime (session-runtime.tsx, its own chunk):
// as soon as a token is there, or when the sign-in screens start it (lib/session-runtime.ts).
// Until then a signed-out visitor's screens load none of it (issue 30).
import { useEffect } from 'react';
import { useStoreInTransition } from '@/lib/settled-in-transition';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { getToken } from '@/lib/api-client';
import { provideSessionRuntime, startSessionRuntime, type SessionRuntime } from '@/lib/session-runtime';
import { withChunkTimeout } from './lazy-page';

type RuntimeModule = typeof import('./session-runtime');

/** The runtime's module once loaded: rendered at once, not through a suspending lazy component. */
let loaded: RuntimeModule | null = null;
let started: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Loads the runtime, has the slot mount it, and settles once it runs. */
function startRuntime(): Promise<SessionRuntime> {
  return withChunkTimeout(() => import('./session-runtime')).then(
    (m) =>
      new Promise<SessionRuntime>((resolve) => {
        started = () => resolve({ finishSignIn: m.finishSignIn });
        loaded = m;
        listeners.forEach((l) => l());
      }),
  );
}

const markStarted = () => started?.();

provideSessionRuntime(startRuntime);
// Someone signed in: the runtime starts loading now, while React renders, not after its first
// commit (a failure is logged by the slot, which asks again).
if (getToken()) startSessionRuntime().catch(() => undefined);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentRuntime = () => loaded;

export function SessionSlot() {
  const token = useAtomValue(tokenAtom);
  // The runtime mounts in a transition (lib/settled-in-transition).
  const runtime = useStoreInTransition(subscribe, currentRuntime);
  useEffect(() => {
    if (token)
      startSessionRuntime().catch((err: unknown) => console.error('The session could not start', err));
  }, [token]);
  return runtime ? runtime.renderRuntime(markStarted) : null;
}
