// The signed-in session's runtime (progress sync, the notices and progress moments, the session
// start, the sign-out on a refused token, finishing a sign-in) is a chunk of its own, started once
// someone is signed in or begins to sign in, so a signed-out visitor's first screen does not load
// it (issue 30). It is app code, which lib and the features do not import: the app shell provides
// how it starts, as it provides api-client's unauthorized handler, and the sign-in screens and the
// signed-in frame ask for it.
import type { RewardNotice } from '@/domain/progress-events';

/** What the running session offers the screens that start it. */
export interface SessionRuntime {
  /** A sign-in's local effects once the server answered: progress restored, session applied, reward announced. */
  finishSignIn(token: string, kind: 'new' | 'existing', reward: RewardNotice | null): Promise<void>;
}

/**
 * How the app shell loads and mounts the runtime: it calls `arrived` once the runtime's code is
 * here and is being mounted, and settles once the runtime listens.
 */
type Start = (arrived: () => void) => Promise<SessionRuntime>;
/**
 * `arrived`: the runtime's code is here and mounts in the render that is starting, before what
 * waits for it in the same render (the app shell renders it first); `running`: it has mounted and
 * listens.
 */
export type SessionRuntimeState = 'idle' | 'starting' | 'arrived' | 'running' | 'failed';

let start: Start | null = null;
let running: Promise<SessionRuntime> | null = null;
/** Which start is the current one: an earlier one's `arrived` is not told. */
let attempt = 0;
let state: SessionRuntimeState = 'idle';
let failure: unknown = null;
const listeners = new Set<() => void>();

function set(next: SessionRuntimeState, error: unknown = null): void {
  state = next;
  failure = error;
  listeners.forEach((l) => l());
}

/** The app shell's way to load and mount the runtime; its promise settles once it is listening. */
export function provideSessionRuntime(startRuntime: Start | null): void {
  start = startRuntime;
  running = null;
  attempt++;
  set('idle');
}

/** Where the runtime is, for a frame that waits for it without suspending (useSyncExternalStore). */
export const sessionRuntimeState = (): SessionRuntimeState => state;
/** Why the last start failed (a ChunkLoadError when its code could not be loaded). */
export const sessionRuntimeFailure = (): unknown => failure;
export function subscribeSessionRuntime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Starts the runtime once (a failed load is tried again on the next call) and resolves when it is
 * running, so what it shows (a notice, a level reached) is not announced before it listens.
 */
export function startSessionRuntime(): Promise<SessionRuntime> {
  if (!running) {
    const mine = ++attempt;
    set('starting');
    const run = start
      ? start(() => {
          if (attempt === mine && state === 'starting') set('arrived');
        })
      : Promise.reject(new Error('The app shell has not provided the session runtime'));
    running = run;
    run.then(
      () => {
        if (running === run) set('running');
      },
      (err: unknown) => {
        if (running !== run) return;
        running = null;
        set('failed', err);
      },
    );
  }
  return running;
}
