// The four achievement badges; unlocked ones differ by icon and by the words Unlocked/Locked.
import { useAtomValue } from 'jotai';
import { unlockedAchievementsAtom } from '@/lib/progression';
import { ACHIEVEMENTS, type Achievement, type AchievementId } from '@/domain/achievements';

const ICONS: Record<AchievementId, string> = {
  'budget-master': '📊',
  'streak-starter': '🔥',
  'account-master': '🏦',
  'budget-pro': '🏆',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AchievementsCard() {
  const flags = useAtomValue(unlockedAchievementsAtom);
  const count = ACHIEVEMENTS.filter((a) => flags[a.id]).length;
  return (
    <section className="card" aria-labelledby="achievements-title">
      <div className="section-head">
        <h2 id="achievements-title">Achievements</h2>
        <p className="achievement-count">
          <strong>
            {count}/{ACHIEVEMENTS.length}
          </strong>{' '}
          unlocked
        </p>
      </div>
      <ul className="achievement-grid">
        {ACHIEVEMENTS.map((a) => (
          <AchievementBadge key={a.id} achievement={a} unlocked={flags[a.id]} />
        ))}
      </ul>
    </section>
  );
}

function AchievementBadge({ achievement, unlocked }: { achievement: Achievement; unlocked: boolean }) {
  return (
    <li className={`achievement ${unlocked ? 'is-unlocked' : 'is-locked'}`}>
      <span className="achievement-icon" aria-hidden="true">
        {unlocked ? ICONS[achievement.id] : '🔒'}
      </span>
      <span className="achievement-name">{achievement.name}</span>
      <span className="achievement-desc">{capitalise(achievement.description)}</span>
      <span className="achievement-state">{unlocked ? 'Unlocked' : 'Locked'}</span>
    </li>
  );
}
