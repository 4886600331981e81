// Renders that wait for something to arrive happen in a transition (issue 33, Total Blocking Time).
// React renders an update from useSyncExternalStore (how the query library hands over answers, and
// how the frame learns that the session runtime or the opened page's code has arrived)
// synchronously: a frame or a page that shows all its sections at that moment used to render them
// in one long task (90 to 230 ms under Lighthouse's 4x CPU). In a transition React splits the
// render into short tasks; what is already on screen stays until it commits.
import { startTransition, useDeferredValue, useEffect, useState } from 'react';

/**
 * A page's "my lists have answered", deferred: the answer's own update keeps the loading state and
 * the sections render right after, in a transition. A page whose lists are already there (cached,
 * or early data) renders its sections at once, with no loading state in between.
 */
export function useSettledInTransition(settled: boolean): boolean {
  return useDeferredValue(settled);
}

/**
 * An outside store's value, as useSyncExternalStore reads it, but with each change rendered in a
 * transition. For values that only move forward (a module has arrived, a runtime runs), where a
 * render that still sees the previous value for a moment is right.
 */
export function useStoreInTransition<T>(subscribe: (listener: () => void) => () => void, read: () => T): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const update = () => startTransition(() => setValue(() => read()));
    const unsubscribe = subscribe(update);
    update(); // a change between the first render and this effect
    return unsubscribe;
  }, [subscribe, read]);
  return value;
}
