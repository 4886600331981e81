// @vitest-environment jsdom
// The page's frame is painted and committed before deferred work starts (issue 33).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTENT_SHOWN_WAIT_MS, afterContentShown, afterNextPaint } from '@/lib/after-paint';
import { stubLargestPaintReports, type LargestPaintReports } from '../../support/largest-paint-reports';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterNextPaint', () => {
  it('when the frame has been painted but the next has not begun, then nothing has started', () => {
    const start = vi.fn();
    afterNextPaint(start);
    vi.advanceTimersToNextFrame();
    // A task queued from the frame's own callback would run here, before the frame's commit.
    vi.runOnlyPendingTimers();
    expect(start).not.toHaveBeenCalled();
  });

  it('when the next frame has begun, then it starts once, in a task after that frame', () => {
    const start = vi.fn();
    afterNextPaint(start);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when cancelled after the first frame, then it never starts', () => {
    const start = vi.fn();
    const cancel = afterNextPaint(start);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(start).not.toHaveBeenCalled();
  });
});

describe('afterContentShown', () => {
  let paints: LargestPaintReports;
  beforeEach(() => {
    paints = stubLargestPaintReports();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('when the browser reports a largest paint shown after the call, then it starts then, once', () => {
    const start = vi.fn();
    afterContentShown(start);
    vi.advanceTimersByTime(100);
    expect(start).not.toHaveBeenCalled();
    paints.report([performance.now()]);
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(CONTENT_SHOWN_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when the only report is of a paint shown before the call, then it waits for the wait', () => {
    const start = vi.fn();
    const before = performance.now() - 1;
    afterContentShown(start);
    paints.report([before]);
    vi.advanceTimersByTime(CONTENT_SHOWN_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when the browser makes no such report, then it starts after the wait', () => {
    vi.stubGlobal('PerformanceObserver', class {});
    const start = vi.fn();
    afterContentShown(start);
    vi.advanceTimersByTime(CONTENT_SHOWN_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('when cancelled, then it never starts', () => {
    const start = vi.fn();
    const cancel = afterContentShown(start);
    cancel();
    paints.report([performance.now()]);
    vi.advanceTimersByTime(CONTENT_SHOWN_WAIT_MS * 2);
    expect(start).not.toHaveBeenCalled();
  });

  it('when the page has had its first input (no more reports), then it starts after the next committed frame', () => {
    vi.spyOn(performance, 'getEntriesByType').mockImplementation(((type: string) =>
      type === 'first-input' ? [{}] : []) as typeof performance.getEntriesByType);
    try {
      const start = vi.fn();
      afterContentShown(start);
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
      expect(start).not.toHaveBeenCalled();
      vi.advanceTimersToNextFrame();
      vi.runOnlyPendingTimers();
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('when no frames are drawn (no requestAnimationFrame), then it starts at once', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    const start = vi.fn();
    afterContentShown(start);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
