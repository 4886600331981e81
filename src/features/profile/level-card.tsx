// The user's level, rank name, total XP and progress through the current level. The bar and its
// label both count from the level's start; the total is shown apart.
import { useAtomValue } from 'jotai';
import { xpValueAtom } from '@/lib/progression';
import { rankProgress, rankProgressText } from '@/domain/levels';

const fmt = new Intl.NumberFormat('en-US');

export function LevelCard() {
  const xp = useAtomValue(xpValueAtom);
  const progress = rankProgress(xp);
  const { current, nextLevel, xpIntoLevel, xpNeeded, xpToNext, percent } = progress;
  const text = rankProgressText(progress);
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
          <strong>{fmt.format(xp)} XP</strong>
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
        <span className="level-xp">{text}</span>
        <span className="muted small">
          {xpToNext > 0 ? `${fmt.format(xpToNext)} XP to go` : nextLevel ? '' : 'Top rank reached'}
        </span>
      </div>
    </section>
  );
}
