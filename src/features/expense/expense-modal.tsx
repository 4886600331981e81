// The Add Expense modal: the form, a celebration counting the XP and hearts earned, then an
// offer to connect a bank. Closing it goes to /home?refresh={timestamp} (SPEC 4); the save itself
// (useAddManualExpense) reloads the list and sets the spec's flag and event.
import { isLinkedAccount } from '@/domain/accounts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { Dialog } from '@/components/dialog';
import { useAccounts, useAddManualExpense } from '@/bank/queries';
import { COUNT_UP_DELAY_MS, COUNT_UP_DURATION_MS } from '@/domain/count-up';
import { notify } from '@/lib/events';
import { queryClient } from '@/lib/query-client';
import { openBankLink } from '@/bank/link/open-link';
import { ExpenseForm, type ExpenseInput } from './expense-form';
import { Celebration } from './celebration';

const SAVE_FAILED = 'Failed to save expense. Please try again.';
/** The final numbers stay in view a moment before the last step. */
const CELEBRATION_HOLD_MS = 1500;
const CELEBRATION_TOTAL_MS = COUNT_UP_DELAY_MS + COUNT_UP_DURATION_MS + CELEBRATION_HOLD_MS;

type Stage = { name: 'form' } | { name: 'celebrate'; xp: number; lives: number } | { name: 'connect' };

/** The modal opens from the app shell, on public pages too, so it brings the data cache along. */
export default function ExpenseModalRoot({ onClose }: { onClose: () => void }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ExpenseModal onClose={onClose} />
    </QueryClientProvider>
  );
}

function ExpenseModal({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const navigate = useNavigate();
  const addExpense = useAddManualExpense();
  const busy = addExpense.isPending;
  // With a bank already connected, the last step does not offer to connect one.
  const hasBank = (useAccounts().data ?? []).some(isLinkedAccount);

  const close = () => {
    onClose();
    if (stage.name !== 'form') navigate(`/home?refresh=${Date.now()}`);
  };

  const save = async ({ amount, category, description }: ExpenseInput) => {
    try {
      // The server drew the reward when it stored the expense (DECISIONS: the referee).
      const created = await addExpense.mutateAsync({ amount, category, description });
      const reward = created.reward;
      setStage({ name: 'celebrate', xp: reward.xp, lives: reward.lives });
    } catch {
      notify(SAVE_FAILED, 'error');
      onClose();
    }
  };

  useEffect(() => {
    if (stage.name !== 'celebrate') return;
    const t = window.setTimeout(() => setStage({ name: 'connect' }), CELEBRATION_TOTAL_MS);
    return () => window.clearTimeout(t);
  }, [stage.name]);

  // Each stage is keyed so its Dialog mounts afresh and moves focus into itself; otherwise focus
  // stays on the removed form's field, i.e. on the page body behind the modal.
  if (stage.name === 'form') {
    return (
      <Dialog key="form" title="Add Expense" onClose={onClose} dismissible={!busy}>
        <ExpenseForm busy={busy} onSubmit={(v) => void save(v)} onCancel={onClose} />
      </Dialog>
    );
  }
  if (stage.name === 'celebrate') {
    return (
      <Dialog key="celebrate" title="Expense Saved!" onClose={close} className="dialog-centered" focusTitle>
        <Celebration xp={stage.xp} lives={stage.lives} />
      </Dialog>
    );
  }
  if (hasBank) {
    return (
      <Dialog key="done" title="Expense added" onClose={close} className="dialog-centered">
        <p>
          Your bank is connected, so its transactions arrive on their own. Add cash expenses here any time.
        </p>
        <div className="dialog-actions">
          <button type="button" className="btn btn-primary" onClick={close}>
            Done
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog key="connect" title="Want this tracked automatically?" onClose={close}>
      <p>
        Connect your bank and your expenses show up on their own, ready to sort into Needs, Wants and Savings.
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={close}>
          Skip for now
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            close();
            void openBankLink();
          }}
        >
          Connect Account
        </button>
      </div>
    </Dialog>
  );
}
