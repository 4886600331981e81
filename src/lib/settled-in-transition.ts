// When a page's data arrives, its sections render in a transition (issue 33, Total Blocking Time).
// The query library hands answers to React through useSyncExternalStore, whose updates React
// renders synchronously: a page that shows all its sections once its lists have answered used to
// render them in one long task inside that update (90 to 230 ms under Lighthouse's 4x CPU). With
// the deferred value, that update keeps the page's loading state, and the sections render right
// after in a transition, which React splits into short tasks. A page whose lists are already there
// (cached, or early data) renders its sections at once, with no loading state in between.
import { useDeferredValue } from 'react';

export function useSettledInTransition(settled: boolean): boolean {
  return useDeferredValue(settled);
}
