// Bank faults on demand, so the app's handling of a failing bank can be seen and tested: the
// sandbox's own `/sandbox/item/set_fault` (not a Plaid endpoint) arms one for an Item, and
// `/transactions/sync` answers with it the next `count` times. Kept in memory, per process, per
// Item, and bounded: this is a test switch, not data.
export const FAULTS = [
  'INTERNAL_SERVER_ERROR',
  'TIMEOUT',
  'PRODUCT_NOT_READY',
  'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
  'ITEM_LOGIN_REQUIRED',
] as const;
export type Fault = (typeof FAULTS)[number];

/** The most answers one arming may fail. */
export const MAX_FAULT_COUNT = 50;
/** Items with a fault armed at once; arming another drops the oldest. */
const MAX_ARMED_ITEMS = 1_000;
/** How long a TIMEOUT holds its answer (longer than the app's bank timeout), unless the caller leaves. */
export const TIMEOUT_HOLD_MS = 30_000;

interface Armed {
  fault: Fault;
  remaining: number;
}

export function faultSwitch() {
  const armed = new Map<string, Armed>();
  return {
    /** Arms `fault` for the Item's next `count` syncs (only later pages, for a mutation); null clears. */
    set(itemId: string, fault: Fault | null, count: number) {
      armed.delete(itemId);
      if (!fault) return;
      if (armed.size >= MAX_ARMED_ITEMS) armed.delete(armed.keys().next().value!);
      armed.set(itemId, { fault, remaining: count });
    },
    /** The fault this sync answers with, if one is armed; `laterPage`: the cursor is mid-pagination. */
    take(itemId: string, laterPage: boolean): Fault | null {
      const a = armed.get(itemId);
      if (!a) return null;
      // Plaid reports a mutation only while paging through one update.
      if (a.fault === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' && !laterPage) return null;
      if (--a.remaining <= 0) armed.delete(itemId);
      return a.fault;
    },
  };
}
export type FaultSwitch = ReturnType<typeof faultSwitch>;

/** Waits `ms`, or less if `signal` aborts first (the caller gave up); never keeps the process up. */
export function hold(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref();
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
