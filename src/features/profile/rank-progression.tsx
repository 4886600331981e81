// The ten ranks: reached ones carry a check, the current one says so in words.
import { useAtomValue } from 'jotai';
import { xpValueAtom } from '@/lib/progression';
import { LEVELS, levelForXp } from '@/domain/levels';

const fmt = new Intl.NumberFormat('en-US');

export function RankProgression() {
  const xp = useAtomValue(xpValueAtom);
  const current = levelForXp(xp);
  return (
    <section className="card" aria-labelledby="rank-title">
      <h2 id="rank-title">Rank Progression</h2>
      <ol className="rank-list">
        {LEVELS.map((l) => {
          const reached = l.level <= current.level;
          const isCurrent = l.level === current.level;
          return (
            <li
              key={l.level}
              className={`rank ${reached ? 'is-reached' : ''} ${isCurrent ? 'is-current' : ''}`}
            >
              <span className="rank-mark" aria-hidden="true">
                {reached ? '✓' : l.level}
              </span>
              <span className="rank-body">
                <span className="rank-name">
                  <span className="visually-hidden">{reached ? 'Reached: ' : 'Not reached: '}</span>
                  {l.name}
                </span>
                <span className="rank-meta">
                  Level {l.level} · {fmt.format(l.xp)} XP
                </span>
              </span>
              {isCurrent && <span className="badge rank-current">Current</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
