// Track Spending (DECISIONS.md): set up a budget, the income and how often it is paid, stored as
// budget_income and budget_frequency; saving it unlocks Budget Master, shows 3 s of congratulations
// like the other modal quests and completes the quest.
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { BudgetForm } from '@/components/budget/budget-form';
import { saveBudget } from '@/lib/quests';
import { QuestSuccess } from './quest-success';
import { useAfterCongratulations, useFinishQuest } from './use-finish-quest';

export function TrackSpendingModal({ onClose }: { onClose: () => void }) {
  const [saved, setSaved] = useState(false);
  const finish = useFinishQuest('track-spending');
  const afterCongratulations = useAfterCongratulations();

  return (
    <Dialog title="Track Spending" onClose={onClose} dismissible={!saved}>
      {saved ? (
        <QuestSuccess title="Budget saved!" text="Your Home page now shows your monthly budget. Well done!" />
      ) : (
        <BudgetForm
          intro="Set up a budget: how much you earn and how often you are paid."
          submit="Save Budget"
          onSave={(income, frequency) => {
            saveBudget(income, frequency);
            setSaved(true);
            afterCongratulations(finish);
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
