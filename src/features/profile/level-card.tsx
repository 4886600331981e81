// The user's level, rank name, total XP and progress through the current level, written as the
// status bar writes them ('1,029 XP', '29/500 to Level 6'). The bar counts from the level's start.
import { useAtomValue } from 'jotai';
import { xpValueAtom } from '@/lib/progression';
import { rankProgress, rankProgressText, xpFigures } from '@/domain/levels';

const fmt = new Intl.NumberFormat('en-US');

export function LevelCard() {
  const xp = useAtomValue(xpValueAtom);
  const progress = rankProgress(xp);
  const { current, nextLevel, xpIntoLevel, xpNeeded, xpToNext, percent } = progress;
  const text = rankProgressText(progress);
  // Written as the status bar writes it: the total, and the progress through the level.
  const figures = xpFigures(xp);
  return (
    <section className="card level-card" aria-labelledby="level-card-title">
      <div className="level-card-head">
        <span className="level-badge" aria-hidden="true">
          {current.level}
        </span>
        <div>
          <p className="level-card-label muted">Level {current.level}</p>
          <h2 id="level-card-title">{current.name}</h2>
        </div>
        <p className="level-total">
          <strong>{figures.total}</strong>
          <span className="muted small">total</span>
        </p>
      </div>
      <div
        className="progress level-progress"
        role="progressbar"
        aria-label="XP progress to the next level"
        aria-valuemin={0}
        aria-valuemax={xpNeeded}
        aria-valuenow={Math.min(xpIntoLevel, xpNeeded)}
        aria-valuetext={text}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="level-card-foot">
        <span className="level-xp">{figures.inLevel}</span>
        <span className="muted small">
          {xpToNext > 0 ? `${fmt.format(xpToNext)} XP to go` : nextLevel ? '' : 'Top rank reached'}
        </span>
      </div>
    </section>
  );
}
