// The Add Expense form: amount above 0 (cents), category Want/Need/Savings, optional description.
import { useState, type FormEvent } from 'react';
import { MANUAL_CATEGORIES, type ManualCategory } from '@/domain/categories';
import { AMOUNT_RULES, MANUAL_AMOUNT_MAX, manualAmountProblem } from '@/domain/money-rules';

const DESCRIPTION_MAX = 50;

export interface ExpenseInput {
  amount: number;
  category: ManualCategory;
  description: string;
}

/** A valid amount: above 0, at most $1,000,000, at most two decimals (the server's rules). */
export function parseAmount(text: string): number | null {
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text.trim())) return null;
  const n = Number(text);
  return manualAmountProblem(n) === null ? n : null;
}

/** What is wrong with a typed amount, or null while it is empty or valid (the hint covers empty). */
export function amountTextProblem(text: string): string | null {
  const t = text.trim();
  if (t === '' || parseAmount(t) !== null) return null;
  if (/^\d*\.\d{3,}$/.test(t)) return AMOUNT_RULES.tooPrecise;
  return manualAmountProblem(Number(t)) ?? AMOUNT_RULES.notNumber;
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
  const problem = amountTextProblem(amountText);

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
          aria-describedby={problem ? 'expense-amount-hint expense-amount-error' : 'expense-amount-hint'}
          aria-invalid={problem ? true : undefined}
        />
        <span id="expense-amount-hint" className="hint">
          Enter an amount above $0 with at most 2 decimals, up to ${MANUAL_AMOUNT_MAX.toLocaleString('en-US')}
          .
        </span>
        {problem && (
          <span id="expense-amount-error" className="field-error" role="alert">
            {problem}
          </span>
        )}
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
