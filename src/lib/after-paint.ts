// When the frame being rendered now has been painted and handed to the compositor, and when the
// page's content has been shown (issue 33).
// A requestAnimationFrame callback runs just before its frame's paint, and the next one at the
// start of the frame after it, by when the first has been committed; a task queued from there runs
// after both. A task queued from the first callback ran after the main thread's paint but before
// the commit, which then waited behind whatever that task started: in Chromium traces the page's
// content (its largest paint) was shown only after Phaser's evaluation on a game page.
// The committed frame is then rasterized and shown off the main thread, 20 to 80 ms later on this
// machine (software raster): work that must not compete with the page's first showing (Home's chart
// library, 72 KB) waits for the browser's report that the page's largest paint has been shown.

/** Runs `start` once the next frame has been painted and committed. Returns the cancel. */
export function afterNextPaint(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => (timer = setTimeout(start, 0)));
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Whether the browser has seen the page's first input (it then stops reporting largest paints). */
const hadInput = (): boolean =>
  typeof performance.getEntriesByType === 'function' &&
  performance.getEntriesByType('first-input').length > 0;

/** How long `afterContentShown` waits for the browser's report. */
export const CONTENT_SHOWN_WAIT_MS = 500;

/**
 * Runs `start` once the content committed before the call has been shown: when the browser reports
 * a largest contentful paint shown after the call, or after CONTENT_SHOWN_WAIT_MS (the new content
 * may be no larger than what was shown before, input stops the reports, and not every browser makes
 * them); once there has been input, after the next committed frame. No animation frame callback is used: one would run in the frame that lays out and paints
 * the page, and make that rendering a long task of script. Where frames are not drawn, at once.
 * Returns the cancel.
 */
export function afterContentShown(start: () => void, waitMs = CONTENT_SHOWN_WAIT_MS): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    start();
    return () => undefined;
  }
  // After the first input (a tap or key that navigated here, say) the browser reports no more
  // largest paints: the next committed frame is all there is to wait for.
  if (hadInput()) return afterNextPaint(start);
  const since = performance.now();
  let done = false;
  let observer: PerformanceObserver | undefined;
  let reported: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    observer?.disconnect();
    clearTimeout(reported);
    clearTimeout(fallback);
  };
  const go = () => {
    if (done) return;
    stop();
    start();
  };
  const fallback = setTimeout(go, waitMs);
  try {
    if (PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntries().some((e) => e.startTime >= since)) reported = setTimeout(go, 0);
      });
      observer.observe({ type: 'largest-contentful-paint' });
    }
  } catch {
    // No report: the wait decides.
  }
  return stop;
}
