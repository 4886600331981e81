// A card body that opens and closes with a short height animation (Web Animations API, so the
// Quests page needs no animation library): the body stays mounted while it closes and unmounts
// after. Under reduced motion, or where the browser cannot animate, it shows and hides at once.
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { prefersReducedMotion } from '@/lib/motion';

const DURATION_MS = 200;

/** Whether the body is in the page, and the ref its element takes. */
export function useCollapse(open: boolean): [mounted: boolean, ref: RefObject<HTMLDivElement | null>] {
  const ref = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(open);
  const running = useRef<Animation | null>(null);
  const first = useRef(true);
  // Opening mounts the body in the same render, so the effect below finds it.
  if (open && !mounted) setMounted(true);

  useLayoutEffect(() => {
    // The first render shows the card as it is, without animating.
    if (first.current) {
      first.current = false;
      return;
    }
    const el = ref.current;
    running.current?.cancel();
    running.current = null;
    if (!el) return;
    const still = prefersReducedMotion() || typeof el.animate !== 'function';
    if (open) {
      if (!still)
        running.current = el.animate(
          [
            { height: '0px', opacity: 0 },
            { height: `${el.scrollHeight}px`, opacity: 1 },
          ],
          { duration: DURATION_MS, easing: 'ease-out' },
        );
      return;
    }
    if (still) {
      setMounted(false);
      return;
    }
    const closing = el.animate(
      [
        { height: `${el.offsetHeight}px`, opacity: 1 },
        { height: '0px', opacity: 0 },
      ],
      { duration: DURATION_MS, easing: 'ease-in', fill: 'forwards' },
    );
    running.current = closing;
    closing.onfinish = () => {
      if (running.current === closing) setMounted(false);
    };
  }, [open]);

  return [mounted, ref];
}
