// The clock as React reads it, through useSyncExternalStore: the current second, ticking only
// for the components that ask for it, and a flag that flips once a given moment has passed.
import { useCallback, useSyncExternalStore } from 'react';

const currentSecond = () => Math.floor(Date.now() / 1000);
const noSubscription = () => () => {};
function everySecond(onTick: () => void) {
  const t = setInterval(onTick, 1000);
  return () => clearInterval(t);
}

/** Now (epoch ms, whole seconds); re-renders each second while `ticking`. */
export function useNow(ticking: boolean): number {
  return useSyncExternalStore(ticking ? everySecond : noSubscription, currentSecond) * 1000;
}

/** True once `at` (epoch ms) has passed; re-renders at that moment. */
export function usePassed(at: number | null): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (at === null) return () => {};
      const t = setTimeout(onChange, Math.max(0, at - Date.now()) + 20);
      return () => clearTimeout(t);
    },
    [at],
  );
  return useSyncExternalStore(subscribe, () => at !== null && Date.now() >= at);
}
