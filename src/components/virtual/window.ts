// The arithmetic of a windowed list: where each item sits and which items a viewport touches.
// Pure, so it is tested without a browser; ./use-window-range.ts applies it to the page's scroll.

/** Item i spans [offsets[i], offsets[i + 1]); the last entry is the list's whole height. */
export function offsetsOf(heights: readonly number[]): number[] {
  const out = new Array<number>(heights.length + 1);
  out[0] = 0;
  for (let i = 0; i < heights.length; i++) out[i + 1] = out[i] + heights[i];
  return out;
}

/** The first item whose bottom edge lies below `y` (binary search over the offsets). */
function firstEndingAfter(offsets: readonly number[], y: number): number {
  let lo = 0;
  let hi = offsets.length - 1; // item count
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (offsets[mid + 1] > y) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface Range {
  /** First item rendered. */
  start: number;
  /** One past the last item rendered. */
  end: number;
}

/**
 * The items that intersect [from, to) (list coordinates, overscan already added), rounded out to
 * whole `step`s so small scrolls keep the same range (and render nothing new). At least
 * `minItems` are rendered from the start, so the list's head exists before it is scrolled to.
 */
export function rangeFor(
  offsets: readonly number[],
  from: number,
  to: number,
  step = 8,
  minItems = 24,
): Range {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  if (to <= 0 || from >= offsets[count]) return { start: 0, end: Math.min(count, minItems) };
  const first = firstEndingAfter(offsets, Math.max(0, from));
  const last = firstEndingAfter(offsets, Math.min(offsets[count] - 1, to)) + 1;
  const start = Math.floor(first / step) * step;
  const end = Math.min(count, Math.ceil(last / step) * step);
  return start === 0 ? { start, end: Math.max(end, Math.min(count, minItems)) } : { start, end };
}
