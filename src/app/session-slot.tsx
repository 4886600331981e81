// Where the app shell mounts the signed-in session's runtime (session-runtime.tsx, its own chunk):
// as soon as a token is there, or when the sign-in screens start it (lib/session-runtime.ts).
// Until then a signed-out visitor's screens load none of it (issue 30).
import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { provideSessionRuntime, startSessionRuntime, type SessionRuntime } from '@/lib/session-runtime';
import { withChunkTimeout } from './lazy-page';

type RuntimeModule = typeof import('./session-runtime');

let loadedModule: (m: RuntimeModule) => void = () => undefined;
const loaded = new Promise<RuntimeModule>((resolve) => (loadedModule = resolve));
const Runtime = lazy(() => loaded.then((m) => ({ default: m.SessionRuntime })));

let shown = false;
let started: (() => void) | null = null;
const listeners = new Set<() => void>();

/** Loads the runtime, has the slot mount it, and settles once it runs. */
function startRuntime(): Promise<SessionRuntime> {
  return withChunkTimeout(() => import('./session-runtime')).then(
    (m) =>
      new Promise<SessionRuntime>((resolve) => {
        started = () => resolve({ finishSignIn: m.finishSignIn });
        loadedModule(m);
        shown = true;
        listeners.forEach((l) => l());
      }),
  );
}

const markStarted = () => started?.();

provideSessionRuntime(startRuntime);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function SessionSlot() {
  const token = useAtomValue(tokenAtom);
  const show = useSyncExternalStore(subscribe, () => shown);
  useEffect(() => {
    if (token)
      startSessionRuntime().catch((err: unknown) => console.error('The session could not start', err));
  }, [token]);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Runtime onStarted={markStarted} />
    </Suspense>
  );
}
