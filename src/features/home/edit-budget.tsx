// Issue 24: the budget (income and how often it is paid) can be edited from Home at any time,
// not only through the Track Spending quest that pays once. It saves through the same intent.
import { useId, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Dialog } from '@/components/dialog';
import { BUDGET_FREQUENCIES, type BudgetFrequency } from '@/domain/categories';
import { budgetFrequencyAtom, budgetIncomeAtom } from '@/lib/atoms';
import { saveBudget } from '@/lib/quests';

const FREQUENCY_LABELS: Record<BudgetFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  yearly: 'Yearly',
};

export function EditBudgetButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-sm" onClick={() => setOpen(true)}>
        Edit budget
      </button>
      {open && <EditBudgetDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function EditBudgetDialog({ onClose }: { onClose: () => void }) {
  const storedIncome = useAtomValue(budgetIncomeAtom);
  const storedFrequency = useAtomValue(budgetFrequencyAtom);
  const [income, setIncome] = useState(storedIncome === null ? '' : String(storedIncome));
  const [frequency, setFrequency] = useState<BudgetFrequency>(storedFrequency ?? 'monthly');
  const incomeId = useId();
  const freqId = useId();
  const amount = Number(income);
  const valid = income.trim() !== '' && Number.isFinite(amount) && amount > 0 && amount <= 1e9;
  return (
    <Dialog title="Edit budget" onClose={onClose}>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!valid) return;
          saveBudget(amount, frequency);
          onClose();
        }}
      >
        <p className="muted">Your income after tax and how often you are paid.</p>
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
            Save budget
          </button>
        </div>
      </form>
    </Dialog>
  );
}
