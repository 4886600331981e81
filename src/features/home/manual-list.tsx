// The user's manual expenses, each with Delete and a confirmation.
import { useState } from 'react';
import { ConfirmButton } from '@/components/dialog';
import type { ManualTransaction } from '@/bank/manual-api';
import { useDeleteManualExpense } from '@/bank/queries';
import { formatDate, formatMoney } from '@/domain/format';

const DELETE_FAILED = 'Failed to delete transaction. Please try again.';

export function ManualList({ items }: { items: ManualTransaction[] }) {
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteManualExpense();

  const removeItem = async (t: ManualTransaction) => {
    setError(null);
    try {
      await remove.mutateAsync(t.id);
    } catch {
      setError(DELETE_FAILED);
    }
  };

  return (
    <>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <ul className="tx-list" aria-label="Manual transactions">
        {items.map((t) => (
          <li key={t.id} className="tx-row">
            <div className="tx-main">
              <span className="tx-name">{t.name}</span>
              <span className="tx-meta">
                <span className={`badge badge-${t.category.toLowerCase()}`}>{t.category}</span>
                <time dateTime={t.date}>{formatDate(t.date)}</time>
              </span>
            </div>
            <div className="tx-actions">
              <span className="tx-amount tx-expense">
                <span className="visually-hidden">Expense </span>−{formatMoney(t.amount)}
              </span>
              <ConfirmButton
                className="btn btn-sm btn-ghost"
                aria-label={`Delete ${t.name}`}
                title="Delete this expense?"
                message={
                  <p>
                    {t.name} ({formatMoney(t.amount)}) will be removed. This cannot be undone.
                  </p>
                }
                confirmLabel="Delete"
                danger
                onConfirm={() => removeItem(t)}
              >
                Delete
              </ConfirmButton>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
