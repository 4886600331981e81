import { describe, expect, it } from 'vitest';
import { offsetsOf, rangeFor } from '@/components/virtual/window';

describe('windowed list arithmetic', () => {
  // 10,000 rows of 80 px under a heading of 36 px every 50 rows.
  const heights = Array.from({ length: 10_000 }, (_, i) => (i % 50 === 0 ? 36 : 80));
  const offsets = offsetsOf(heights);

  it('when items are laid out, then each starts where the one before ends', () => {
    expect(offsetsOf([10, 20, 5])).toEqual([0, 10, 30, 35]);
  });
  it('when the viewport is at the top, then only the first rows render (at least the minimum)', () => {
    expect(rangeFor(offsets, -900, 1700)).toEqual({ start: 0, end: 24 });
  });
  it('when the list is still below the viewport, then its head renders so it can be reached', () => {
    expect(rangeFor(offsets, -5000, -100)).toEqual({ start: 0, end: 24 });
  });
  it('when scrolled to the end, then the last rows render and never past the end', () => {
    const total = offsets[offsets.length - 1];
    const r = rangeFor(offsets, total - 1500, total + 900);
    expect(r.end).toBe(10_000);
    expect(r.start).toBeGreaterThan(9_950);
    expect(r.end - r.start).toBeLessThan(40);
  });
  it('when scrolled to the middle, then the rendered items cover the window and are few', () => {
    const from = 400_000;
    const to = 402_600;
    const r = rangeFor(offsets, from, to);
    expect(offsets[r.start]).toBeLessThanOrEqual(from);
    expect(offsets[r.end]).toBeGreaterThanOrEqual(to);
    expect(r.end - r.start).toBeLessThan(60);
  });
  it('when scrolling a few pixels, then the range stays the same', () => {
    expect(rangeFor(offsets, 400_000, 402_600)).toEqual(rangeFor(offsets, 400_010, 402_610));
  });
  it('when the list is empty, then nothing renders', () => {
    expect(rangeFor([0], 0, 100)).toEqual({ start: 0, end: 0 });
  });
});
