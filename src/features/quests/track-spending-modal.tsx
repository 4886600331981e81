// Track Spending (DECISIONS.md): set up a budget, the income and how often it is paid, stored as
// budget_income and budget_frequency; saving it unlocks Budget Master, shows 3 s of congratulations
// like the other modal quests and completes the quest.
import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { BUDGET_FREQUENCIES, type BudgetFrequency } from '@/domain/categories';
import { saveBudget } from '@/lib/quests';
import { QuestSuccess } from './quest-success';
import { useAfterCongratulations, useFinishQuest } from './use-finish-quest';

const FREQUENCY_LABELS: Record<BudgetFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export function TrackSpendingModal({ onClose }: { onClose: () => void }) {
  const [income, setIncome] = useState('');
  const [frequency, setFrequency] = useState<BudgetFrequency>('monthly');
  const [saved, setSaved] = useState(false);
  const finish = useFinishQuest('track-spending');
  const afterCongratulations = useAfterCongratulations();
  const incomeId = useId();
  const freqId = useId();
  const amount = Number(income);
  const valid = income.trim() !== '' && Number.isFinite(amount) && amount > 0 && amount <= 1e9;

  return (
    <Dialog title="Track Spending" onClose={onClose} dismissible={!saved}>
      {saved ? (
        <QuestSuccess title="Budget saved!" text="Your Home page now shows your monthly budget. Well done!" />
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            saveBudget(amount, frequency);
            setSaved(true);
            afterCongratulations(finish);
          }}
        >
          <p className="muted">Set up a budget: how much you earn and how often you are paid.</p>
          <div className="field">
            <label htmlFor={incomeId}>Income</label>
            <input
              id={incomeId}
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={income}
              onChange={(e) => setIncome(e.target.value)}
              required
            />
          </div>
          <div className="field">
            <label htmlFor={freqId}>How often are you paid?</label>
            <select
              id={freqId}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as BudgetFrequency)}
            >
              {BUDGET_FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {FREQUENCY_LABELS[f]}
                </option>
              ))}
            </select>
          </div>
          <div className="dialog-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={!valid}>
              Save Budget
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
