// 'Delete Account' with a danger confirmation; success signs out and returns to sign in.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '@/lib/events';
import { ConfirmDialog } from '@/components/dialog';
import { ROUTES } from '@/lib/routes';
import { signOut } from '@/lib/session';
import { deleteAccount } from './api';

export const DELETE_SUCCEEDED = 'Your account has been successfully deleted.';
export const DELETE_FAILED = 'Failed to delete account. Please try again.';

export function DeleteAccountCard() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await deleteAccount();
    } catch (err) {
      console.error('Account deletion failed', err);
      notify(DELETE_FAILED, 'error');
      setBusy(false);
      setConfirming(false);
      return;
    }
    notify(DELETE_SUCCEEDED, 'success');
    signOut();
    navigate(ROUTES.login, { replace: true });
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete Account</h2>
      <p className="muted">
        Permanently delete your account, your bank connections, transactions and manual expenses. This cannot
        be undone.
      </p>
      <button type="button" className="btn btn-danger btn-block" onClick={() => setConfirming(true)}>
        Delete Account
      </button>
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          message={
            <p>
              This permanently deletes your Budget Quest account, disconnects your banks and removes all your
              transactions and manual expenses. Your progress on this device is cleared. This cannot be
              undone.
            </p>
          }
          confirmLabel="Delete Account"
          danger
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
