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

/** A route's component from a module that exports it as `name` (a page's `Page`, a layout's `Layout`). */
export function lazyRoute<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): ComponentType {
  return lazy<ComponentType>(() => tracked(withChunkTimeout(load)).then((m) => ({ default: m[name] })));
}
