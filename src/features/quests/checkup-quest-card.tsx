// The Subscription Check-up's card (issue 28, bank users only): its state is this month's
// check-up as the server counts it on the bills view, so it follows the calendar month.
import { useBills } from '@/bank/queries';
import type { QuestStatus } from '@/domain/quests';
import type { QuestCard as QuestCardDef } from './quest-catalog';
import { QuestCard, type QuestActions, type QuestOverride } from './quest-card';

export function CheckupQuestCard({ card, actions }: { card: QuestCardDef; actions: QuestActions }) {
  const bills = useBills();
  const checkup = bills.data?.checkup;
  const due = checkup?.due ?? 0;
  const reviewed = Math.min(checkup?.reviewed ?? 0, due);
  const status: QuestStatus = checkup?.paidThisMonth ? 'completed' : reviewed > 0 ? 'started' : 'not-started';
  const override: QuestOverride = {
    status,
    progress: checkup?.paidThisMonth ? 100 : due > 0 ? Math.round((reviewed * 100) / due) : 0,
    detail: !checkup
      ? 'Loading this month\u2019s subscriptions…'
      : due === 0
        ? 'No subscriptions to review: label your streaming, music or gym payments Want.'
        : `${reviewed} of ${due} reviewed this month`,
    linkText: status === 'completed' ? 'See subscriptions' : 'Review subscriptions',
  };
  return <QuestCard card={card} actions={actions} override={override} />;
}
