// The animated moment: the band drops in over the status bar, its XP bar fills, then it leaves.
// framer-motion through LazyMotion; this module is its own chunk, loaded with the first moment.
// Under reduced motion nothing moves: the still band shows the filled bar at once.
import { LazyMotion, domAnimation, m } from 'framer-motion';
import { useState } from 'react';
import { prefersReducedMotion } from '@/lib/motion';
import {
  EXIT_MS,
  MomentContent,
  MomentFrame,
  StaticMoment,
  useMomentTimer,
  type MomentProps,
} from './progress-moment-band';

export default function ProgressMomentView(props: MomentProps) {
  // Read when the moment starts (framer's own hook keeps its first answer for the page's life).
  const [reduced] = useState(prefersReducedMotion);
  return reduced ? <StaticMoment {...props} /> : <AnimatedMoment {...props} />;
}

function AnimatedMoment({ moment, onDone }: MomentProps) {
  const leaving = useMomentTimer(onDone);
  const { from, to } = moment.bar;
  return (
    <LazyMotion features={domAnimation} strict>
      <MomentFrame moment={moment}>
        <m.div
          className="moment-band"
          initial={{ y: '-100%', opacity: 0 }}
          animate={leaving ? { y: '-100%', opacity: 0 } : { y: 0, opacity: 1 }}
          transition={{ duration: EXIT_MS / 1000, ease: 'easeOut' }}
        >
          <MomentContent
            moment={moment}
            fill={
              <m.span
                initial={{ width: `${from}%` }}
                animate={{ width: `${to}%` }}
                transition={{ delay: 0.35, duration: 0.9, ease: 'easeOut' }}
              />
            }
          />
        </m.div>
      </MomentFrame>
    </LazyMotion>
  );
}
