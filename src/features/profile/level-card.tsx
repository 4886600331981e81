// The user's level, rank name and XP progress towards the next level.
import { useAtomValue } from 'jotai';
import { xpAtom } from '@/lib/atoms';
import { rankProgress } from '@/domain/levels';

const fmt = new Intl.NumberFormat('en-US');

export function LevelCard() {
  const xp = useAtomValue(xpAtom);
  const { current, nextLevel, next, xpToNext, percent } = rankProgress(xp);
  const text = `${fmt.format(xp)} / ${fmt.format(next)} XP`;
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
      </div>
      <div
        className="progress level-progress"
        role="progressbar"
        aria-label="XP progress to the next level"
        aria-valuemin={current.xp}
        aria-valuemax={next}
        aria-valuenow={Math.min(xp, next)}
        aria-valuetext={text}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <div className="level-card-foot">
        <span className="level-xp">{text}</span>
        <span className="muted small">
          {nextLevel
            ? `${fmt.format(xpToNext)} XP to ${nextLevel.name}`
            : xpToNext > 0
              ? `${fmt.format(xpToNext)} XP to your next milestone`
              : 'Top rank reached'}
        </span>
      </div>
    </section>
  );
}
