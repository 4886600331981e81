// The reward celebration: framer-motion through LazyMotion (its features load with this modal's
// chunk, never in the first load), counting the XP and hearts up; calm under reduced motion.
import { LazyMotion, domAnimation, m } from 'framer-motion';
import { COUNT_UP_DELAY_MS, COUNT_UP_DURATION_MS } from '@/domain/count-up';
import { prefersReducedMotion } from '@/lib/motion';
import { useCountUp } from './use-count-up';

export function Celebration({ xp, lives }: { xp: number; lives: number }) {
  // Read on each render (framer's own hook caches the first answer for the page's life).
  const reduced = prefersReducedMotion();
  const shownXp = useCountUp(xp, reduced);
  const shownLives = useCountUp(lives, reduced);
  const livesWord = lives === 1 ? 'life' : 'lives';
  // The pop plays over the same second as the count, after the same delay.
  const pop = reduced
    ? {}
    : {
        initial: { scale: 0.6, opacity: 0.4 },
        animate: { scale: [0.6, 1.15, 1], opacity: 1 },
        transition: { delay: COUNT_UP_DELAY_MS / 1000, duration: COUNT_UP_DURATION_MS / 1000 },
      };
  return (
    <LazyMotion features={domAnimation} strict>
      <div className="celebration">
        <m.p className="celebration-burst" aria-hidden="true" {...pop}>
          {'\ud83c\udf89'}
        </m.p>
        <m.div {...pop} aria-hidden="true">
          <p className="celebration-line">
            <strong>+{shownXp} XP</strong>
          </p>
          <p className="celebration-line">
            <span>{'\u2764\ufe0f'}</span> <strong>+{shownLives}</strong> {livesWord}
          </p>
        </m.div>
        <p role="status" className="visually-hidden">
          You earned {xp} XP and {lives} {livesWord}.
        </p>
      </div>
    </LazyMotion>
  );
}
