// Which items of a windowed list to render, following the page's own scroll (the list is not a
// scroll box of its own, so a phone scrolls the page as usual).
import { useLayoutEffect, useState, type RefObject } from 'react';
import { rangeFor, type Range } from './window';

/** How far past the viewport rows are kept rendered, in px, above and below. */
const OVERSCAN_PX = 900;

export function useWindowRange(list: RefObject<HTMLElement | null>, offsets: readonly number[]): Range {
  const [range, setRange] = useState<Range>(() => rangeFor(offsets, -1, 0));
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const el = list.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      const next = rangeFor(offsets, -top - OVERSCAN_PX, -top + window.innerHeight + OVERSCAN_PX);
      setRange((prev) => (prev.start === next.start && prev.end === next.end ? prev : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [list, offsets]);
  return range;
}
