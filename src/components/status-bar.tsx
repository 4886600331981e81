// The game's currency, always in sight on signed-in pages: level with its XP progress, lives and
// the login streak. It reads the progression module's read-only atoms, so it changes the moment
// an award, a quest or a game changes them; a changed figure pops briefly (not under reduced motion).
import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { loginDatesAtom } from '@/lib/atoms';
import { livesValueAtom, xpValueAtom } from '@/lib/progression';
import { LIVES_MAX } from '@/domain/categories';
import { rankProgress, rankProgressText, xpFigures } from '@/domain/levels';
import { loginStreak } from '@/domain/streak';
import './status-bar.css';

/** How many times `value` changed since mount: a key that restarts the pop animation. */
function useChangeCount(value: number): number {
  // React's "adjust state when a prop changes" pattern: no effect, no extra paint.
  const [seen, setSeen] = useState({ value, changes: 0 });
  if (seen.value === value) return seen.changes;
  setSeen({ value, changes: seen.changes + 1 });
  return seen.changes + 1;
}

function Figure({ value, children }: { value: number; children: ReactNode }) {
  const changes = useChangeCount(value);
  return (
    <strong key={changes} className={changes > 0 ? 'status-pop' : undefined}>
      {children}
    </strong>
  );
}

export function StatusBar() {
  const xp = useAtomValue(xpValueAtom);
  const lives = useAtomValue(livesValueAtom);
  const streak = loginStreak(useAtomValue(loginDatesAtom), new Date());
  const progress = rankProgress(xp);
  const { current, xpIntoLevel, xpNeeded, percent } = progress;
  const into = Math.min(xpIntoLevel, xpNeeded);
  // Written as Profile writes it: the total, and the progress through the level.
  const figures = xpFigures(xp);

  return (
    <aside className="status-bar" aria-label="Your progress">
      <div className="status-bar-inner">
        <span className="status-level-badge" aria-hidden="true">
          {current.level}
        </span>
        <div className="status-level">
          <p className="status-level-name">
            <span className="status-rank">
              <span className="visually-hidden">Level {current.level}, </span>
              {current.name}
            </span>
            <span className="status-total">
              <span className="visually-hidden">, </span>
              <Figure value={xp}>{figures.total}</Figure>
            </span>
          </p>
          <div className="status-xp-row">
            <div
              className="progress status-xp-bar"
              role="progressbar"
              aria-label="Level progress"
              aria-valuemin={0}
              aria-valuemax={xpNeeded}
              aria-valuenow={into}
              aria-valuetext={rankProgressText(progress)}
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <span className="status-xp">{figures.inLevel}</span>
          </div>
        </div>
        <p className="status-stat status-lives" id="status-lives">
          <span aria-hidden="true">{'\u2764\ufe0f'}</span>
          <Figure value={lives}>{lives}</Figure>
          <span className="status-unit">
            /{LIVES_MAX}
            <span className="visually-hidden"> lives</span>
          </span>
        </p>
        <p className="status-stat status-streak">
          <span aria-hidden="true">{'\ud83d\udd25'}</span>
          <Figure value={streak}>{streak}</Figure>
          <span className="status-unit">
            {streak === 1 ? ' day' : ' days'}
            <span className="visually-hidden"> login streak</span>
          </span>
        </p>
      </div>
    </aside>
  );
}
