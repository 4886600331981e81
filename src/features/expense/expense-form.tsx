// The Add Expense form: amount above 0 (cents), category Want/Need/Savings, optional description.
import { useState, type FormEvent } from 'react';
import { MANUAL_CATEGORIES, type ManualCategory } from '@/domain/categories';

export const DESCRIPTION_MAX = 50;

export interface ExpenseInput {
  amount: number;
  category: ManualCategory;
  description: string;
}

/** A valid amount: a number above 0 with at most two decimals. */
export function parseAmount(text: string): number | null {
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text.trim())) return null;
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : null;
}

export function ExpenseForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (v: ExpenseInput) => void;
  onCancel: () => void;
}) {
  const [amountText, setAmountText] = useState('');
  const [category, setCategory] = useState<ManualCategory>('Want');
  const [description, setDescription] = useState('');
  const amount = parseAmount(amountText);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (amount === null || busy) return;
    onSubmit({ amount, category, description: description.trim() });
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="expense-amount">Amount ($)</label>
        <input
          id="expense-amount"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          value={amountText}
          onChange={(e) => setAmountText(e.target.value)}
          data-autofocus
          aria-describedby="expense-amount-hint"
        />
        <span id="expense-amount-hint" className="hint">
          Enter an amount above $0.
        </span>
      </div>
      <fieldset className="field segmented">
        <legend className="label">Category</legend>
        <div className="segmented-options">
          {MANUAL_CATEGORIES.map((c) => (
            <label key={c} className={category === c ? 'selected' : undefined}>
              <input
                type="radio"
                name="expense-category"
                value={c}
                checked={category === c}
                onChange={() => setCategory(c)}
              />
              {c}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="expense-description">Description (optional)</label>
        <input
          id="expense-description"
          type="text"
          maxLength={DESCRIPTION_MAX}
          placeholder="Manual Expense"
          value={description}
          onChange={(e) => setDescription(e.target.value.slice(0, DESCRIPTION_MAX))}
        />
        <span className="hint">
          {description.length}/{DESCRIPTION_MAX}
        </span>
      </div>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={amount === null || busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Done'}
        </button>
      </div>
    </form>
  );
}
