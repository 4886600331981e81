// The full-width moments of progress: a level reached, an achievement unlocked. Mounted once in
// the app (like the notices), so moments announced while the app starts are seen too. It only
// listens; the animated band (framer-motion) is its own chunk, loaded with the first moment.
import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { on } from '@/lib/events';
import { achievementMoment, levelMoment, orderMoments, type Moment } from '@/domain/moments';
import { StaticMoment } from './progress-moment-band';

// If the chunk cannot load (offline), the moment still shows, without motion.
const AnimatedMoment = lazy(() => import('./progress-moment-view').catch(() => ({ default: StaticMoment })));

type Queued = Moment & { id: number };
let nextId = 1;

/** Collects the moments of one progression change, then queues them achievements first. */
function useMomentQueue(): [Queued | undefined, () => void] {
  const [queue, setQueue] = useState<Queued[]>([]);
  useEffect(() => {
    let lastXp = { before: 0, after: 0 };
    let batch: Moment[] = [];
    const push = (m: Moment) => {
      batch.push(m);
      if (batch.length > 1) return;
      // One award announces xpChanged, levelReached and achievementUnlocked in one go.
      queueMicrotask(() => {
        const ordered = orderMoments(batch).map((moment) => ({ ...moment, id: nextId++ }));
        batch = [];
        setQueue((q) => [...q, ...ordered]);
      });
    };
    const offs = [
      on('xpChanged', ({ delta, total }) => {
        lastXp = { before: total - delta, after: total };
      }),
      on('levelReached', ({ level }) => push(levelMoment(level, lastXp.before, lastXp.after))),
      on('achievementUnlocked', ({ id, xp }) => push(achievementMoment(id, xp, lastXp.before, lastXp.after))),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  const done = useCallback(() => setQueue((q) => q.slice(1)), []);
  return [queue[0], done];
}

export function ProgressMoments() {
  const [current, done] = useMomentQueue();
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <AnimatedMoment key={current.id} moment={current} onDone={done} />
    </Suspense>
  );
}
