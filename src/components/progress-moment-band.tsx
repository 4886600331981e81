// The moment's band and its timing, shared by the animated version (framer-motion, its own chunk)
// and the still one: what reduced motion shows, and the fallback if that chunk cannot load.
import { useEffect, useState, type ReactNode } from 'react';
import type { Moment } from '@/domain/moments';
import './progress-moment.css';

/** How long a moment stays, in ms; the last EXIT_MS are its way out. */
export const MOMENT_MS = 2600;
export const EXIT_MS = 300;

export interface MomentProps {
  moment: Moment;
  onDone: () => void;
}

const ICONS: Record<Moment['kind'], string> = { level: '\u2b50', achievement: '\ud83c\udfc6' };

/** Calls `onDone` after MOMENT_MS; true during the last EXIT_MS. */
export function useMomentTimer(onDone: () => void): boolean {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const timers = [
      window.setTimeout(() => setLeaving(true), MOMENT_MS - EXIT_MS),
      window.setTimeout(onDone, MOMENT_MS),
    ];
    return () => timers.forEach((t) => window.clearTimeout(t));
  }, [onDone]);
  return leaving;
}

/** The live region around the band: the moment is announced politely. */
export function MomentFrame({ moment, children }: { moment: Moment; children: ReactNode }) {
  return (
    <div className={`moment moment-${moment.kind}`} role="status" aria-live="polite">
      {children}
    </div>
  );
}

/** Icon, words and the XP bar; `fill` is the bar's moving part (a still span by default). */
export function MomentContent({ moment, fill }: { moment: Moment; fill?: ReactNode }) {
  return (
    <div className="moment-inner">
      <span className="moment-icon" aria-hidden="true">
        {ICONS[moment.kind]}
      </span>
      <div className="moment-text">
        <p className="moment-heading">{moment.heading}</p>
        <p className="moment-title">{moment.title}</p>
        <p className="moment-detail">{moment.detail}</p>
      </div>
      <div
        className="progress moment-bar"
        role="progressbar"
        aria-label="XP bar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(moment.bar.to)}
      >
        {fill ?? <span style={{ width: `${moment.bar.to}%` }} />}
      </div>
    </div>
  );
}

export function StaticMoment({ moment, onDone }: MomentProps) {
  useMomentTimer(onDone);
  return (
    <MomentFrame moment={moment}>
      <div className="moment-band">
        <MomentContent moment={moment} />
      </div>
    </MomentFrame>
  );
}
