// The Quests page (/ and /quests, SPEC 2): the instruction card, the bank card when no bank is
// connected, and the quest cards; Start runs the quest's own behaviour (SPEC 4 "Quest").
import { isLinkedAccount } from '@/domain/accounts';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useSettledInTransition } from '@/lib/settled-in-transition';
import { atom, useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { InstructionCard } from '@/components/instruction-card';
import { LivesDisplay } from '@/components/lives-display';
import { Dialog } from '@/components/dialog';
import { QUEST_IDS, isBankOnlyQuest, isTimedQuest, type ModalQuestId } from '@/domain/quests';
import { useAccounts, useBills } from '@/bank/queries';
import { checkQuestsNow } from '@/bank/quest-watch';
import { checkIn } from '@/lib/quests';
import {
  livesValueAtom,
  questStateValueAtom,
  startPageQuest,
  startTimedQuest,
  stopQuest,
} from '@/lib/progression';
import type { Reward } from '@/domain/progression';
import { ROUTES } from '@/lib/routes';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { BankQuestsCard } from './bank-quests-card';
import { LearnCard } from './learn-card';
import { QUEST_CARDS, type QuestCard as QuestCardDef } from './quest-catalog';
import { QuestCard, type QuestActions } from './quest-card';
import { CheckupQuestCard } from './checkup-quest-card';
import { WeeklyCheckInDialog } from './weekly-check-in-dialog';
import './quests.css';

/** Each modal quest's dialog, loaded when it is first opened. */
const MODALS: Record<ModalQuestId, ComponentType<{ onClose: () => void }>> = {
  'track-spending': lazy(() =>
    import('./track-spending-modal').then((m) => ({ default: m.TrackSpendingModal })),
  ),
  'top-spending-category': lazy(() =>
    import('./top-category-modal').then((m) => ({ default: m.TopCategoryModal })),
  ),
  'yearly-income': lazy(() =>
    import('./yearly-income-modal').then((m) => ({ default: m.YearlyIncomeModal })),
  ),
  'spending-guesstimate': lazy(() =>
    import('./spending-guess-modal').then((m) => ({ default: m.SpendingGuessModal })),
  ),
};

/** A returning player has started or finished a quest before; a first-time one never has. */
const returningAtom = atom((get) => QUEST_IDS.some((id) => get(questStateValueAtom(id)) !== null));

export function Page() {
  const navigate = useNavigate();
  const firstTime = !useAtomValue(returningAtom);
  const accounts = useAccounts();
  const hasBank = (accounts.data ?? []).some(isLinkedAccount);
  // The Subscription Check-up's card reads this month's check-up from the bills view (issue 28).
  const bills = useBills();
  // The list renders in a transition once it knows its quests (lib/settled-in-transition).
  const listSettled = useSettledInTransition(accounts.isFetched && (!hasBank || bills.isFetched));
  const [modal, setModal] = useState<ModalQuestId | null>(null);
  const [headsUp, setHeadsUp] = useState(false);
  const lives = useAtomValue(livesValueAtom);
  const [checkedIn, setCheckedIn] = useState<{ reward: Reward; livesBefore: number } | null>(null);

  const actions: QuestActions = {
    start(card: QuestCardDef) {
      if (card.start === 'timer' && isTimedQuest(card.id)) {
        startTimedQuest(card.id);
        if (card.id === 'savings') setHeadsUp(true);
      } else if (card.start === 'check-in') {
        setCheckedIn({ reward: checkIn(), livesBefore: lives });
      } else if (card.start === 'page' && card.route) {
        startPageQuest(card.id);
        void navigate(card.route);
      } else if (card.start === 'modal') {
        setModal(card.id as ModalQuestId);
      }
    },
    stop(card) {
      if (isTimedQuest(card.id)) stopQuest(card.id);
    },
    checkNow: checkQuestsNow,
  };

  const cards = QUEST_CARDS.filter((c) => hasBank || !isBankOnlyQuest(c.id));
  const Modal = modal ? MODALS[modal] : null;

  return (
    <main className="page quests-page">
      <PageHeader title="Quests">
        <LivesDisplay />
      </PageHeader>
      <InstructionCard
        storageKey={STORAGE_KEYS.questsInstructionsDismissed}
        title={firstTime ? 'Welcome to Your Quest Journey!' : 'How Quests Work'}
        isFirstTimeUser={firstTime}
        paragraphs={
          firstTime
            ? [
                'Quests are small money challenges. Each one you finish earns lives (hearts) and 50 XP.',
                'Lives let you play the games, and XP raises your level.',
              ]
            : [
                'Start a quest and finish it to collect its hearts and 50 XP. You can hold up to 5 lives.',
                '24-hour quests are checked against your bank transactions when their time is up.',
              ]
        }
        firstTimeText="Try a quick one first, like Yearly Income or Spending Guesstimate."
      />
      {/* Which quests show depends on whether a bank is linked: the list waits for that answer, so
          the bank quests are never inserted above cards already on screen (issue 33); with a bank,
          it waits for the bills view too, which the Subscription Check-up's card shows. */}
      {!listSettled ? (
        <div className="quest-list-pending" role="status" aria-label="Loading quests">
          <span className="visually-hidden">Loading quests…</span>
        </div>
      ) : (
        <>
          {accounts.isSuccess && !hasBank && <BankQuestsCard firstTime={firstTime} />}
          <LearnCard />
          <section className="quest-list" aria-labelledby="quest-list-title">
            <h2 id="quest-list-title">Complete Quests to Earn Lives</h2>
            {cards.map((card) =>
              card.id === 'subscription-checkup' ? (
                <CheckupQuestCard key={card.id} card={card} actions={actions} />
              ) : (
                <QuestCard key={card.id} card={card} actions={actions} />
              ),
            )}
          </section>
        </>
      )}
      {Modal && (
        <Suspense fallback={null}>
          <Modal onClose={() => setModal(null)} />
        </Suspense>
      )}
      {checkedIn && <WeeklyCheckInDialog {...checkedIn} onClose={() => setCheckedIn(null)} />}
      {headsUp && (
        <Dialog title="Heads up!" role="alertdialog" onClose={() => void navigate(ROUTES.games)}>
          <p>This quest will show as complete when Plaid updates the transaction data.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={() => void navigate(ROUTES.games)}>
              OK
            </button>
          </div>
        </Dialog>
      )}
    </main>
  );
}
