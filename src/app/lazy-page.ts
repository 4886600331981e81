// Route code loading with the spec's 120 s chunk timeout: a chunk that fails or never arrives
// becomes a ChunkLoadError, which the route error boundary turns into a "reload" screen. While any
// route's code is on its way, `useRouteCodeLoading` is true (the layout's progress bar, and the
// onboarding tour waits for the page).
import { lazy, useSyncExternalStore, type ComponentType } from 'react';

const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading the page timed out after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (m) => {
        clearTimeout(timer);
        resolve(m);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(err instanceof Error ? err.message : 'Loading the page failed'));
      },
    );
  });
}

let loading = 0;
const listeners = new Set<() => void>();
// Told on a microtask: React calls a lazy component's loader while it renders, when no store may
// change under it.
const announce = () => queueMicrotask(() => listeners.forEach((l) => l()));

function tracked<T>(load: Promise<T>): Promise<T> {
  loading++;
  announce();
  return load.finally(() => {
    loading--;
    announce();
  });
}

/** True while the code of a route that is being opened is still loading. */
export function useRouteCodeLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
  );
}

/** Each route module once asked for, and each once it has arrived. */
const requested = new Map<() => Promise<unknown>, Promise<unknown>>();
const arrived = new Map<() => Promise<unknown>, unknown>();

/**
 * Loads a route's module once (a failed load may be tried again). The same promise is answered
 * every time, so React's `use` can wait on it; once it has arrived, a lazy route made from the same
 * loader renders at once instead of suspending (see `lazyRoute`).
 */
export function loadRouteModule<T>(load: () => Promise<T>): Promise<T> {
  let request = requested.get(load) as Promise<T> | undefined;
  if (!request) {
    request = tracked(withChunkTimeout(load));
    requested.set(load, request);
    request.then(
      (m) => arrived.set(load, m),
      () => requested.delete(load),
    );
  }
  return request;
}

/** A route's component from a module that exports it as `name` (a page's `Page`, a layout's `Layout`). */
export function lazyRoute<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy<ComponentType>(() => {
    if (arrived.has(load)) {
      // Already here: a thenable that answers at once, so React renders the page in this pass.
      // A promise would suspend for a tick, and a navigation in that tick can leave the router
      // on the old location (the guard's redirect then never runs again).
      const m = arrived.get(load) as Record<K, ComponentType>;
      const ready = {
        then: (resolve: (value: { default: ComponentType }) => void) => resolve({ default: m[name] }),
      };
      return ready as unknown as Promise<{ default: ComponentType }>;
    }
    return loadRouteModule(load).then((m) => ({ default: m[name] }));
  });
}

/** The route path the app was opened at (the hash without its query), as the router matches it. */
export const openedPath = (hash: string = window.location.hash): string =>
  hash.replace(/^#/, '').split('?')[0] || '/';
