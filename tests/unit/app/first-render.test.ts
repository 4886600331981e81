// The first render of a signed-in page waits for the page's code, never for long, and never
// forever when that code fails (app/first-render.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_RENDER_WAIT_MS, settledWithin } from '@/app/first-render';

afterEach(() => vi.useRealTimers());

const settled = (p: Promise<void>) => {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
};

describe('waiting for the opened page code before the first render', () => {
  it('when the code arrives, then the wait ends with it', async () => {
    vi.useFakeTimers();
    let arrive: () => void = () => undefined;
    const wait = settled(settledWithin(new Promise<void>((r) => (arrive = r)), FIRST_RENDER_WAIT_MS));
    await vi.advanceTimersByTimeAsync(100);
    expect(wait.done).toBe(false);
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('when the code fails to load, then the wait ends at once (the route shows its reload screen)', async () => {
    vi.useFakeTimers();
    const wait = settled(settledWithin(Promise.reject(new Error('offline')), FIRST_RENDER_WAIT_MS));
    await vi.advanceTimersByTimeAsync(0);
    expect(wait.done).toBe(true);
  });

  it('when the code never arrives, then the app renders after the longest wait all the same', async () => {
    vi.useFakeTimers();
    const wait = settled(settledWithin(new Promise<void>(() => undefined), FIRST_RENDER_WAIT_MS));
    await vi.advanceTimersByTimeAsync(FIRST_RENDER_WAIT_MS - 1);
    expect(wait.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(wait.done).toBe(true);
  });
});
