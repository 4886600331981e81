import { afterEach, describe, expect, it, vi } from 'vitest';
import { startServiceWorker, SW_REGISTER_DELAY_MS } from '@/app/startup';
import { withChunkTimeout, ChunkLoadError, CHUNK_LOAD_TIMEOUT_MS } from '@/app/lazy-page';

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
    expect(f.sw.register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(SW_REGISTER_DELAY_MS);
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
    await vi.advanceTimersByTimeAsync(SW_REGISTER_DELAY_MS + 10);
    expect(log).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });
});

describe('route chunk loading', () => {
  it('when a chunk never arrives, then it fails with a ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const p = withChunkTimeout(() => new Promise<never>(() => {})).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await p).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
  it('when a chunk fails to load, then it becomes a ChunkLoadError', async () => {
    await expect(withChunkTimeout(() => Promise.reject(new Error('net')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
  });
});
