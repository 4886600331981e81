// Counts from 0 to `target` on animation frames after the celebration's delay (at once when the
// user prefers reduced motion). The numbers come from domain/count-up.
import { useEffect, useState } from 'react';
import { COUNT_UP_DELAY_MS, COUNT_UP_DURATION_MS, countUpAt } from '@/domain/count-up';

export function useCountUp(target: number, reducedMotion: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (reducedMotion) return;
    let frame = 0;
    const start = performance.now();
    const tick = (t: number) => {
      const elapsed = t - start;
      setValue(countUpAt(target, elapsed));
      if (elapsed < COUNT_UP_DELAY_MS + COUNT_UP_DURATION_MS) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [target, reducedMotion]);
  return reducedMotion ? target : value;
}
