// The four achievement badges; unlocked ones differ by icon and by the words Unlocked/Locked.
import { useAtomValue } from 'jotai';
import type { PersistedAtom } from '@/lib/persisted-atom';
import {
  accountMasterUnlockedAtom,
  budgetMasterUnlockedAtom,
  budgetProUnlockedAtom,
  streakStarterUnlockedAtom,
} from '@/lib/atoms';
import { ACHIEVEMENTS, type Achievement, type AchievementId } from '@/domain/achievements';

const UNLOCKED_FLAGS: Record<AchievementId, PersistedAtom<boolean>> = {
  'budget-master': budgetMasterUnlockedAtom,
  'streak-starter': streakStarterUnlockedAtom,
  'account-master': accountMasterUnlockedAtom,
  'budget-pro': budgetProUnlockedAtom,
};

const ICONS: Record<AchievementId, string> = {
  'budget-master': '📊',
  'streak-starter': '🔥',
  'account-master': '🏦',
  'budget-pro': '🏆',
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function AchievementsCard() {
  const flags = {
    'budget-master': useAtomValue(UNLOCKED_FLAGS['budget-master']),
    'streak-starter': useAtomValue(UNLOCKED_FLAGS['streak-starter']),
    'account-master': useAtomValue(UNLOCKED_FLAGS['account-master']),
    'budget-pro': useAtomValue(UNLOCKED_FLAGS['budget-pro']),
  };
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
