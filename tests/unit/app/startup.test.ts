// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEB_VITALS_DELAY_MS, loadWebVitals, startServiceWorker } from '@/app/startup';
import { withChunkTimeout, ChunkLoadError } from '@/app/lazy-page';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function fakeServiceWorkers() {
  const unregister = vi.fn().mockResolvedValue(true);
  const postMessage = vi.fn();
  const registration = { waiting: { postMessage }, addEventListener: vi.fn() };
  const sw = {
    getRegistrations: vi.fn().mockResolvedValue([{ unregister }, { unregister }]),
    register: vi.fn().mockResolvedValue(registration),
  };
  Object.defineProperty(navigator, 'serviceWorker', { value: sw, configurable: true });
  const del = vi.fn().mockResolvedValue(true);
  vi.stubGlobal('caches', { keys: vi.fn().mockResolvedValue(['a', 'b']), delete: del });
  return { sw, unregister, postMessage, del };
}

describe('start-up', () => {
  it('when the app starts, then old workers and caches go, and /sw.js is registered after 1 s and told to skip waiting', async () => {
    vi.useFakeTimers();
    const f = fakeServiceWorkers();
    startServiceWorker();
    await vi.advanceTimersByTimeAsync(0);
    expect(f.unregister).toHaveBeenCalledTimes(2);
    expect(f.del).toHaveBeenCalledWith('a');
    expect(f.del).toHaveBeenCalledWith('b');
    await vi.advanceTimersByTimeAsync(999);
    expect(f.sw.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(f.sw.register).toHaveBeenCalledWith('/sw.js');
    await vi.advanceTimersByTimeAsync(0);
    expect(f.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  it('when registration fails, then the failure is only logged', async () => {
    vi.useFakeTimers();
    const f = fakeServiceWorkers();
    f.sw.register.mockRejectedValue(new Error('nope'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    startServiceWorker();
    await vi.advanceTimersByTimeAsync(1000);
    expect(log).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });
});

describe('web-vitals', () => {
  it('when nobody touches the page, then web-vitals is loaded 5 s after it has loaded, not with the first screen', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockResolvedValue({});
    loadWebVitals(load);
    await vi.advanceTimersByTimeAsync(WEB_VITALS_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the visitor first presses a key or taps, then web-vitals is loaded at once, and only once', async () => {
    vi.useFakeTimers();
    const load = vi.fn().mockResolvedValue({});
    loadWebVitals(load);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pointerdown'));
    await vi.advanceTimersByTimeAsync(WEB_VITALS_DELAY_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when it cannot be loaded, then the failure is only logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    loadWebVitals(() => Promise.reject(new Error('offline')));
    window.dispatchEvent(new Event('pointerdown'));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('web-vitals failed to load', expect.any(Error)));
  });
});

describe('route chunk loading', () => {
  it('when a chunk never arrives, then it fails with a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    let failure: unknown = null;
    void withChunkTimeout(() => new Promise<never>(() => {})).catch((e: unknown) => (failure = e));
    await vi.advanceTimersByTimeAsync(119_999);
    expect(failure).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(failure).toBeInstanceOf(ChunkLoadError);
  });
  it('when a chunk fails to load, then it becomes a ChunkLoadError', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('net')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});
