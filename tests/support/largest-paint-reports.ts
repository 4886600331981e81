// A stand-in for the browser's largest-contentful-paint reports in unit tests (jsdom makes none):
// installs a PerformanceObserver that supports them, and answers the function that makes the
// observer report entries shown at the given times. Undo with vi.unstubAllGlobals().
import { vi } from 'vitest';

export interface LargestPaintReports {
  /** Reports entries to the observer connected last; nothing once it has disconnected. */
  report(startTimes: number[]): void;
}

export function stubLargestPaintReports(): LargestPaintReports {
  let listener: ((startTimes: number[]) => void) | null = null;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(cb: (list: { getEntries(): { startTime: number }[] }) => void) {
        listener = (times) => cb({ getEntries: () => times.map((startTime) => ({ startTime })) });
      }
      observe() {}
      disconnect() {
        listener = null;
      }
    },
  );
  return { report: (startTimes) => listener?.(startTimes) };
}
