// Where the app shell mounts the signed-in session's runtime (session-runtime.tsx, its own chunk):
// as soon as a token is there, or when the sign-in screens start it (lib/session-runtime.ts).
// Until then a signed-out visitor's screens load none of it (issue 30).
// The slot comes first in the app's tree (app.tsx), so when the runtime mounts in the same render
// as the signed-in frame and its page (the frame shows once the runtime's code has arrived), the
// runtime's effects run before theirs: the unauthorized handler is set, and the notices and
// progress moments listen, before a page calls the server or announces anything. Its elements are
// drawn after the app's own (a portal at the end of the body), so a notice's Dismiss button still
// comes after the skip link and the page in the keyboard's order.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
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

let code: Promise<RuntimeModule> | null = null;

/** Loads the runtime, has the slot mount it (telling `arrived` first), and settles once it runs. */
function startRuntime(arrived: () => void): Promise<SessionRuntime> {
  code = withChunkTimeout(() => import('./session-runtime'));
  return code.then(
    (m) =>
      new Promise<SessionRuntime>((resolve) => {
        started = () => resolve({ finishSignIn: m.finishSignIn });
        loaded = m;
        // The frame (told by `arrived`) and the slot render in the same transition.
        arrived();
        listeners.forEach((l) => l());
      }),
  );
}

/** The runtime's code, once it has arrived (or failed to); at once when no start was asked for. */
export function sessionRuntimeCode(): Promise<unknown> {
  return code ? code.catch(() => undefined) : Promise.resolve();
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
  return runtime ? createPortal(runtime.renderRuntime(markStarted), document.body) : null;
}
