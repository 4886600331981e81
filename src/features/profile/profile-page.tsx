// Profile (SPEC 2 "Profile"): level, achievements, ranks, bank connection, legal links, and last,
// in its danger zone, account deletion.
import { useAtomValue } from 'jotai';
import { useSettledInTransition } from '@/lib/settled-in-transition';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
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
import { KnowledgeCheckCard } from './knowledge-check-card';
import { ExportCard } from './export-card';
import { useAccounts } from '@/bank/queries';

/** How long Logout waits to send progress still waiting; what is not sent stays queued. */
const LOGOUT_SEND_MS = 3_000;

export function Page() {
  const user = useAtomValue(currentUserAtom);
  const navigate = useNavigate();
  // The bank card's length depends on the linked accounts, and the legal links and the danger zone
  // sit below it: the cards show once the accounts have answered, so none moves then (issue 33).
  // Once answered, always settled (a failed list refetches when a card mounts on it).
  // The cards render in a transition once it has (lib/settled-in-transition).
  const accountsPending = !useSettledInTransition(useAccounts().isFetched);
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
            Signed in as <strong title={user.email}>{user.email}</strong>
          </>
        ) : (
          <span aria-hidden="true">&nbsp;</span>
        )}
      </p>
      {accountsPending ? (
        <div className="loading-screen" role="status" aria-label="Loading your profile">
          <div className="spinner" />
        </div>
      ) : null}
      <div className="profile-grid" hidden={accountsPending}>
        <div className="profile-col">
          <LevelCard />
          <AchievementsCard />
          <RankProgression />
          <XpHistoryCard />
          <KnowledgeCheckCard />
        </div>
        <div className="profile-col">
          <BankConnectionCard />
          <ExportCard />
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
      <section className="profile-danger" aria-labelledby="danger-title" hidden={accountsPending}>
        <h2 id="danger-title">Danger zone</h2>
        <DeleteAccountCard />
      </section>
    </main>
  );
}
