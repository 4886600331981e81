// The budget form (income after tax and how often it is paid) that Home's 'Edit budget' and the
// Track Spending quest share, and the Cancel / submit row every budget dialog ends with.
import { useId, useState } from 'react';
import { BUDGET_FREQUENCIES, type BudgetFrequency } from '@/domain/categories';

const FREQUENCY_LABELS: Record<BudgetFrequency, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const isFrequency = (v: string): v is BudgetFrequency =>
  (BUDGET_FREQUENCIES as readonly string[]).includes(v);

/** A dialog's last row: Cancel, and the form's submit button (disabled until the input is valid). */
export function FormActions({
  onCancel,
  submit,
  valid,
}: {
  onCancel: () => void;
  submit: string;
  valid: boolean;
}) {
  return (
    <div className="dialog-actions">
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={!valid}>
        {submit}
      </button>
    </div>
  );
}

export interface BudgetFormProps {
  intro: string;
  submit: string;
  initialIncome?: number | null;
  initialFrequency?: BudgetFrequency | null;
  onSave: (income: number, frequency: BudgetFrequency) => void;
  onCancel: () => void;
}

export function BudgetForm({
  intro,
  submit,
  initialIncome,
  initialFrequency,
  onSave,
  onCancel,
}: BudgetFormProps) {
  const [income, setIncome] = useState(initialIncome == null ? '' : String(initialIncome));
  const [frequency, setFrequency] = useState<BudgetFrequency>(initialFrequency ?? 'monthly');
  const incomeId = useId();
  const freqId = useId();
  const amount = Number(income);
  const valid = income.trim() !== '' && Number.isFinite(amount) && amount > 0 && amount <= 1e9;
  return (
    <form
      className="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid) onSave(amount, frequency);
      }}
    >
      <p className="muted">{intro}</p>
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
          onChange={(e) => {
            if (isFrequency(e.target.value)) setFrequency(e.target.value);
          }}
        >
          {BUDGET_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {FREQUENCY_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      <FormActions onCancel={onCancel} submit={submit} valid={valid} />
    </form>
  );
}
