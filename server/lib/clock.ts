import { AsyncLocalStorage } from 'node:async_hooks';
/** Time source injected into the app so tests can move time (token expiry, reset links, Plaid data). */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance. */
export function manualClock(start = new Date()): Clock & { set(d: Date): void; advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = d.getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}

/**
 * Browser tests only (the server adds it when NODE_ENV=test): a request carrying `x-test-now`
 * (epoch ms) runs on that time, so a test that moves the page's clock a day ahead moves the
 * server's with it for that page's requests alone (the 24-hour quests are judged on the server's
 * clock). Every other request, and every other test's, keeps the real time.
 */
export function requestClock(base: Clock): Clock & { runAt<T>(t: number, work: () => T): T } {
  const at = new AsyncLocalStorage<number>();
  return {
    now: () => {
      const t = at.getStore();
      return t === undefined ? base.now() : new Date(t);
    },
    runAt: (t, work) => at.run(t, work),
  };
}
