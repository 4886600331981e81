import { describe, expect, it } from 'vitest';
import { median, merge, summarize, toMarkdown, type Report } from '../../../bench/report';

const report = (results: Report['results'], failures: Report['failures'] = []): Report => ({
  date: '2026-11-22T00:00:00.000Z',
  commit: 'abc1234',
  machine: { cpus: 2, loadAverage: [0.5, 0.4, 0.3], node: 'v20', platform: 'linux' },
  results,
  failures,
});

describe('bench report', () => {
  it('when samples are given, then the median is the middle one (or the mean of the two middle ones)', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('when the median meets or misses a goal, then it says so for both directions', () => {
    const under = summarize('s', {
      id: 'a',
      what: 'a',
      unit: 'ms',
      samples: [1, 9, 2, 3, 2],
      goal: { op: '<=', value: 2 },
    });
    expect(under).toMatchObject({ median: 2, min: 1, max: 9, met: true });
    const over = summarize('s', {
      id: 'b',
      what: 'b',
      unit: '%',
      samples: [90, 96, 94],
      goal: { op: '>=', value: 95 },
    });
    expect(over.met).toBe(false);
    expect(summarize('s', { id: 'c', what: 'c', unit: 'KB', samples: [1] }).met).toBeUndefined();
  });

  it('when a sample is not a finite number, then the result is refused', () => {
    expect(() => summarize('s', { id: 'a', what: 'a', unit: 'ms', samples: [1, NaN] })).toThrow(/finite/);
    expect(() => summarize('s', { id: 'a', what: 'a', unit: 'ms', samples: [] })).toThrow(/finite/);
  });

  it('when some suites ran again, then only their rows are replaced in the earlier report', () => {
    const old = report(
      [
        summarize('x', { id: 'x1', what: 'x', unit: 'ms', samples: [1] }),
        summarize('y', { id: 'y1', what: 'y', unit: 'ms', samples: [1] }),
      ],
      [{ suite: 'y', error: 'boom' }],
    );
    const next = report([summarize('y', { id: 'y1', what: 'y', unit: 'ms', samples: [7] })]);
    const merged = merge(old, next, ['y']);
    expect(merged.results.map((r) => [r.id, r.median])).toEqual([
      ['x1', 1],
      ['y1', 7],
    ]);
    expect(merged.failures).toEqual([]);
  });

  it('when a suite ran for part of its rows, then only the rows it measured again are replaced', () => {
    const old = report([
      summarize('lh', { id: 'lh:mobile:a', what: 'a', unit: 's', samples: [2] }),
      summarize('lh', { id: 'lh:desktop:a', what: 'a', unit: 's', samples: [1] }),
      summarize('x', { id: 'x1', what: 'x', unit: 'ms', samples: [1] }),
    ]);
    const next = report([summarize('lh', { id: 'lh:desktop:a', what: 'a', unit: 's', samples: [3] })]);
    const merged = merge(old, next, ['lh'], ['lh']);
    expect(merged.results.map((r) => [r.id, r.median])).toEqual([
      ['lh:mobile:a', 2],
      ['x1', 1],
      ['lh:desktop:a', 3],
    ]);
  });

  it('when written as Markdown, then each row shows median, min, max, goal and whether it is met', () => {
    const md = toMarkdown(
      report(
        [
          summarize('s', {
            id: 'a',
            what: 'thing',
            unit: 'ms',
            samples: [3, 1, 2],
            goal: { op: '<=', value: 1 },
          }),
        ],
        [{ suite: 't', error: 'no dist' }],
      ),
    );
    expect(md).toContain('| thing (`a`, 3 runs) | 2.00 ms | 1.00 | 3.00 | <= 1 ms | **no** |');
    expect(md).toContain('- t: no dist');
    expect(md).toContain('**0 of 1 goals met.**');
  });
});
