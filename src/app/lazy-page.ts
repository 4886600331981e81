// Route code loading with the spec's 120 s chunk timeout: a chunk that fails or never arrives
// becomes a ChunkLoadError, which the route error page turns into a "reload" screen.
import type { ComponentType } from 'react';

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

/** A React Router `lazy` function for a module whose page is its `Page` export. */
export function page(load: () => Promise<{ Page: ComponentType }>) {
  return async () => {
    const m = await withChunkTimeout(load);
    return { Component: m.Page };
  };
}

/** A React Router `lazy` function for a layout route whose component is its `Layout` export. */
export function layout(load: () => Promise<{ Layout: ComponentType }>) {
  return async () => {
    const m = await withChunkTimeout(load);
    return { Component: m.Layout };
  };
}
