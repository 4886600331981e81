// The user's manual expenses, each with Delete and a confirmation.
import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialog';
import { manualApi, type ManualTransaction } from '@/lib/bank-api';
import { formatDate, formatMoney } from '@/domain/format';

export const DELETE_FAILED = 'Failed to delete transaction. Please try again.';

export function ManualList({
  items,
  onChanged,
}: {
  items: ManualTransaction[];
  onChanged: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<ManualTransaction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    if (!confirming) return;
    setBusy(true);
    setError(null);
    try {
      await manualApi.remove(confirming.id);
      setConfirming(null);
      await onChanged();
    } catch {
      setConfirming(null);
      setError(DELETE_FAILED);
    } finally {
      setBusy(false);
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
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => setConfirming(t)}
                aria-label={`Delete ${t.name}`}
              >
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title="Delete this expense?"
          message={
            <p>
              {confirming.name} ({formatMoney(confirming.amount)}) will be removed. This cannot be undone.
            </p>
          }
          confirmLabel="Delete"
          danger
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}
