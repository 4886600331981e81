// Shown only without a connected bank (SPEC 2): the three bank-only quests and where to connect,
// dismissible under bank_connection_quests_dismissed.
import { useId } from 'react';
import { useAtom } from 'jotai';
import { Link } from '@/components/link';
import { dismissedAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { STORAGE_KEYS } from '@/lib/storage-keys';

export function BankQuestsCard({ firstTime }: { firstTime: boolean }) {
  const [dismissed, setDismissed] = useAtom(dismissedAtom(STORAGE_KEYS.bankConnectionQuestsDismissed));
  const titleId = useId();
  if (dismissed) return null;
  return (
    <section className="card bank-quests-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{firstTime ? 'Unlock More Quests (Optional)' : 'More Quests Available'}</h2>
      <p>Connect your bank to unlock three more quests:</p>
      <ul>
        <li>No eating out for 24 hours</li>
        <li>Move $5 from checking to savings</li>
        <li>The weekly check-in</li>
      </ul>
      <p>
        You can connect your bank on the <Link to={ROUTES.home}>Home page</Link>.
      </p>
      <button type="button" className="btn btn-sm" onClick={() => setDismissed(true)}>
        Got It
      </button>
    </section>
  );
}
