// The session runtime is started once, on demand, by whoever needs it first (the sign-in form, the
// signed-in frame, the app shell when a token is stored); a failed load is tried again.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  provideSessionRuntime,
  sessionRuntimeFailure,
  sessionRuntimeState,
  startSessionRuntime,
  subscribeSessionRuntime,
  type SessionRuntime,
} from '@/lib/session-runtime';

const runtime: SessionRuntime = { finishSignIn: vi.fn().mockResolvedValue(undefined) };

afterEach(() => provideSessionRuntime(null));

describe('starting the session runtime', () => {
  it('when several screens ask for it, then it is loaded once and each gets the same runtime', async () => {
    const start = vi.fn().mockResolvedValue(runtime);
    provideSessionRuntime(start);
    expect(sessionRuntimeState()).toBe('idle');
    const first = startSessionRuntime();
    expect(sessionRuntimeState()).toBe('starting');
    expect(startSessionRuntime()).toBe(first);
    await expect(first).resolves.toBe(runtime);
    expect(start).toHaveBeenCalledTimes(1);
    expect(sessionRuntimeState()).toBe('running');
  });

  it('when its code cannot be loaded, then the failure is told, and the next ask tries again', async () => {
    const offline = new Error('offline');
    const start = vi.fn().mockRejectedValueOnce(offline).mockResolvedValueOnce(runtime);
    provideSessionRuntime(start);
    const told = vi.fn();
    const stop = subscribeSessionRuntime(told);
    await expect(startSessionRuntime()).rejects.toBe(offline);
    expect(sessionRuntimeState()).toBe('failed');
    expect(sessionRuntimeFailure()).toBe(offline);
    await expect(startSessionRuntime()).resolves.toBe(runtime);
    expect(sessionRuntimeState()).toBe('running');
    expect(start).toHaveBeenCalledTimes(2);
    expect(told).toHaveBeenCalled();
    stop();
  });

  it('when its code has arrived, then it is told as arrived before it runs, and a frame waiting for it may render with it', async () => {
    let arrived: () => void = () => undefined;
    let resolve: (r: SessionRuntime) => void = () => undefined;
    provideSessionRuntime((told) => {
      arrived = told;
      return new Promise<SessionRuntime>((r) => (resolve = r));
    });
    const seen: string[] = [];
    const stop = subscribeSessionRuntime(() => seen.push(sessionRuntimeState()));
    const run = startSessionRuntime();
    expect(sessionRuntimeState()).toBe('starting');
    arrived();
    expect(sessionRuntimeState()).toBe('arrived');
    resolve(runtime);
    await run;
    expect(sessionRuntimeState()).toBe('running');
    expect(seen).toEqual(['starting', 'arrived', 'running']);
    // Told again (a second mount of the same code) it stays running.
    arrived();
    expect(sessionRuntimeState()).toBe('running');
    stop();
  });

  it('when an earlier start tells of its arrival after the runtime was provided again, then nothing changes', async () => {
    let stale: () => void = () => undefined;
    provideSessionRuntime((told) => {
      stale = told;
      return new Promise<SessionRuntime>(() => undefined);
    });
    void startSessionRuntime();
    provideSessionRuntime(vi.fn().mockReturnValue(new Promise<SessionRuntime>(() => undefined)));
    void startSessionRuntime();
    stale();
    expect(sessionRuntimeState()).toBe('starting');
  });

  it('when no app shell provided it, then asking fails instead of waiting forever', async () => {
    await expect(startSessionRuntime()).rejects.toThrow('has not provided the session runtime');
  });
});
