// The five achievement badges; unlocked ones differ by icon and by the words Unlocked/Locked, and
// the locked day-counting ones say how far along the player is ('2 of 3 days').
import { useAtomValue } from 'jotai';
import { dailyUsageDatesAtom, loginDatesAtom } from '@/lib/atoms';
import { unlockedAchievementsAtom } from '@/lib/progression';
import {
  ACHIEVEMENTS,
  achievementProgress,
  type Achievement,
  type AchievementId,
  type AchievementProgress,
} from '@/domain/achievements';

const ICONS: Record<AchievementId, string> = {
  'budget-master': '📊',
  'streak-starter': '🔥',
  'account-master': '🏦',
  'budget-pro': '🏆',
  'subscription-slayer': '✂️',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AchievementsCard() {
  const flags = useAtomValue(unlockedAchievementsAtom);
  const count = ACHIEVEMENTS.filter((a) => flags[a.id]).length;
  const history = { loginDates: useAtomValue(loginDatesAtom), usageDates: useAtomValue(dailyUsageDatesAtom) };
  const now = new Date();
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
          <AchievementBadge
            key={a.id}
            achievement={a}
            unlocked={flags[a.id]}
            progress={flags[a.id] ? null : achievementProgress(a.id, history, now)}
          />
        ))}
      </ul>
    </section>
  );
}

function AchievementBadge({
  achievement,
  unlocked,
  progress,
}: {
  achievement: Achievement;
  unlocked: boolean;
  progress: AchievementProgress | null;
}) {
  return (
    <li className={`achievement ${unlocked ? 'is-unlocked' : 'is-locked'}`}>
      <span className="achievement-icon" aria-hidden="true">
        {unlocked ? ICONS[achievement.id] : '🔒'}
      </span>
      <span className="achievement-name">{achievement.name}</span>
      <span className="achievement-desc">{capitalise(achievement.description)}</span>
      {progress && (
        <>
          <span
            className="progress achievement-bar"
            role="progressbar"
            aria-label={`${achievement.name} progress`}
            aria-valuemin={0}
            aria-valuemax={progress.goal}
            aria-valuenow={progress.done}
            aria-valuetext={progress.text}
          >
            <span style={{ width: `${(progress.done / progress.goal) * 100}%` }} />
          </span>
          <span className="achievement-progress">{progress.text}</span>
        </>
      )}
      <span className="achievement-state">{unlocked ? 'Unlocked' : 'Locked'}</span>
    </li>
  );
}
