// 'Delete Account' with a danger confirmation; success clears the device and returns to sign in.
import { useNavigate } from 'react-router-dom';
import { notify } from '@/lib/events';
import { ConfirmButton } from '@/components/dialog';
import { ROUTES } from '@/lib/routes';
import { forgetAccount } from '@/lib/session';
import { deleteAccount } from './api';

const DELETE_SUCCEEDED = 'Your account has been successfully deleted.';
const DELETE_FAILED = 'Failed to delete account. Please try again.';

export function DeleteAccountCard() {
  const navigate = useNavigate();

  const remove = async () => {
    try {
      await deleteAccount();
    } catch (err) {
      console.error('Account deletion failed', err);
      notify(DELETE_FAILED, 'error');
      return;
    }
    notify(DELETE_SUCCEEDED, 'success');
    // Nothing of a deleted account stays on the device (best scores, queued progress, all of it).
    forgetAccount();
    navigate(ROUTES.login, { replace: true });
  };

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h3 id="delete-title">Delete Account</h3>
      <p className="muted">
        Permanently delete your account, your bank connections, transactions, manual expenses and saved
        progress. This cannot be undone.
      </p>
      <ConfirmButton
        className="btn btn-danger"
        title="Delete your account?"
        message={
          <p>
            This permanently deletes your Budget Quest account, disconnects your banks and removes all your
            transactions and manual expenses. Your progress on this device is cleared. This cannot be undone.
          </p>
        }
        confirmLabel="Delete Account"
        danger
        onConfirm={remove}
      >
        Delete Account
      </ConfirmButton>
    </section>
  );
}
