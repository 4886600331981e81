// Profile (SPEC 2 "Profile"): level, achievements, ranks, bank connection, legal links, and last,
// in its danger zone, account deletion.
import { useAtomValue } from 'jotai';
import { Link, useNavigate } from 'react-router-dom';
import { currentUserAtom } from '@/lib/atoms';
import { PageHeader } from '@/components/page-header';
import { ROUTES } from '@/lib/routes';
import { signOut } from '@/lib/session';
import { flushProgress } from '@/lib/progress-sync/sender';
import { LevelCard } from './level-card';
import { AchievementsCard } from './achievements-card';
import { RankProgression } from './rank-progression';
import { BankConnectionCard } from './bank-connection-card';
import { DeleteAccountCard } from './delete-account-card';
import { XpHistoryCard } from './xp-history-card';

/** How long Logout waits to send progress still waiting; what is not sent stays queued. */
const LOGOUT_SEND_MS = 3_000;

export function Page() {
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  const logout = async () => {
    await Promise.race([flushProgress(), new Promise((r) => setTimeout(r, LOGOUT_SEND_MS))]);
    signOut();
    navigate(ROUTES.login, { replace: true });
  };

  return (
    <main className="page profile-page">
      <PageHeader title="Profile">
        <button type="button" className="btn" onClick={() => void logout()}>
          Logout
        </button>
      </PageHeader>
      <p className="profile-email muted">
        {user ? (
          <>
            Signed in as <strong>{user.email}</strong>
          </>
        ) : (
          <span aria-hidden="true">&nbsp;</span>
        )}
      </p>
      <div className="profile-grid">
        <div className="profile-col">
          <LevelCard />
          <AchievementsCard />
          <RankProgression />
          <XpHistoryCard />
        </div>
        <div className="profile-col">
          <BankConnectionCard />
          <nav className="card profile-legal" aria-label="Legal">
            <h2>Legal</h2>
            <ul>
              <li>
                <Link to={ROUTES.termsOfService}>Terms of Service</Link>
              </li>
              <li>
                <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
              </li>
              <li>
                <Link to={ROUTES.accountDeletion}>Account Deletion</Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
      {/* Last and set apart, so the irreversible action is never the first thing reached. */}
      <section className="profile-danger" aria-labelledby="danger-title">
        <h2 id="danger-title">Danger zone</h2>
        <DeleteAccountCard />
      </section>
    </main>
  );
}
