// The five-entry bottom navigation; the active entry is the one whose path matches exactly.
import { useLocation } from 'react-router-dom';
import { Link } from '@/components/link';
import type { ComponentType } from 'react';
import { ROUTES } from '@/lib/routes';
import { GamesIcon, HomeIcon, MatcherIcon, ProfileIcon, QuestsIcon } from './icons';

const ENTRIES: { label: string; to: string; Icon: ComponentType }[] = [
  { label: 'Matcher', to: ROUTES.transactions, Icon: MatcherIcon },
  { label: 'Games', to: ROUTES.games, Icon: GamesIcon },
  { label: 'Quests', to: ROUTES.quests, Icon: QuestsIcon },
  { label: 'Home', to: ROUTES.home, Icon: HomeIcon },
  { label: 'Profile', to: ROUTES.profile, Icon: ProfileIcon },
];

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ENTRIES.map(({ label, to, Icon }) => {
          const active = pathname === to;
          return (
            <li key={to}>
              <Link
                to={to}
                className={active ? 'active' : undefined}
                aria-current={active ? 'page' : undefined}
              >
                <Icon />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
