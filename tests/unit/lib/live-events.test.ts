// @vitest-environment jsdom
// The live event stream's client: event parsing, the token in the header (never the URL),
// reconnecting with a full refresh after a loss, and the session ending.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventNames, LIVE_START_DELAY_MS, startLiveEvents, type LiveChange } from '@/lib/live-events';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** A fetch answer whose body sends `chunks`, then ends (or stays open when `open`). */
function streamAnswer(chunks: string[], { status = 200, open = false } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(new TextEncoder().encode(chunk));
      if (!open) c.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('eventNames', () => {
  it('when events arrive split across chunks, then each name is read once, and the rest kept', () => {
    const first = eventNames('retry: 3000\nevent: ready\ndata: {}\n\nevent: ba');
    expect(first.names).toEqual(['ready']);
    const second = eventNames(first.rest + 'nk\ndata: {}\n\n: ping\n\nevent: progress\r\ndata: {}\r\n\r\n');
    expect(second.names).toEqual(['bank', 'progress']);
    expect(second.rest).toBe('');
  });
});

describe('startLiveEvents', () => {
  let changed: LiveChange[];
  let ended: number;
  const handlers = {
    changed: (k: LiveChange) => void changed.push(k),
    sessionEnded: () => void ended++,
  };

  beforeEach(() => {
    vi.useFakeTimers();
    changed = [];
    ended = 0;
    localStorage.setItem(STORAGE_KEYS.token, 'the-token');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when the stream sends bank, then the handler hears it; the token is in the header, not the URL', async () => {
    const fetchMock = vi.fn(async () =>
      streamAnswer(['event: ready\ndata: {}\n\n', 'event: bank\ndata: {}\n\n'], { open: true }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const stop = startLiveEvents(handlers);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
    await vi.waitFor(() => expect(changed).toEqual(['bank']));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events');
    expect(url).not.toContain('the-token');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer the-token');
    stop();
  });

  it('when the connection drops, then it reconnects and refetches everything it may have missed', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(streamAnswer(['event: ready\ndata: {}\n\n']))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(streamAnswer(['event: ready\ndata: {}\n\n'], { open: true }));
    vi.stubGlobal('fetch', fetchMock);
    const stop = startLiveEvents(handlers);
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
    expect(changed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000); // first retry fails
    await vi.advanceTimersByTimeAsync(2_000); // second retry connects
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(changed).toEqual(['bank', 'progress']));
    stop();
  });

  it('when the browser comes back online, then it reconnects at once instead of waiting', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('offline'))
      .mockResolvedValue(streamAnswer(['event: ready\ndata: {}\n\n'], { open: true }));
    vi.stubGlobal('fetch', fetchMock);
    const stop = startLiveEvents(handlers);
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    stop();
  });

  it('when the server says the session ended, then the session ends and nothing reconnects', async () => {
    const fetchMock = vi.fn(async () =>
      streamAnswer(['event: ready\ndata: {}\n\n', 'event: session\ndata: {}\n\n']),
    );
    vi.stubGlobal('fetch', fetchMock);
    startLiveEvents(handlers);
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
    await vi.waitFor(() => expect(ended).toBe(1));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when the token is refused (401), then the session ends', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"x"}', { status: 401 })),
    );
    startLiveEvents(handlers);
    await vi.advanceTimersByTimeAsync(LIVE_START_DELAY_MS);
    await vi.waitFor(() => expect(ended).toBe(1));
  });
});
