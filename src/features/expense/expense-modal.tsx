// The Add Expense modal: the form, a celebration counting the XP and hearts earned, then an
// offer to connect a bank. Closing it goes to /home?refresh={timestamp} so Home reloads.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { Dialog } from '@/components/dialog';
import { needsTransactionRefreshAtom } from '@/lib/atoms';
import { manualApi } from '@/lib/bank-api';
import { emit, notify } from '@/lib/events';
import { awardXp, changeLives } from '@/lib/session';
import { manualExpenseReward } from '@/domain/xp';
import { useBankLink } from '@/components/bank-link/use-bank-link';
import { ExpenseForm, type ExpenseInput } from './expense-form';
import { useCountUp } from './use-count-up';

export const SAVE_FAILED = 'Failed to save expense. Please try again.';
export const CELEBRATION_MS = 1000;
export const CELEBRATION_DELAY_MS = 1200;

type Stage = { name: 'form' } | { name: 'celebrate'; xp: number; lives: number } | { name: 'connect' };

export default function ExpenseModal({ onClose }: { onClose: () => void }) {
  const [stage, setStage] = useState<Stage>({ name: 'form' });
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const setNeedsRefresh = useSetAtom(needsTransactionRefreshAtom);
  const { open: openLink } = useBankLink();

  const close = () => {
    onClose();
    if (stage.name !== 'form') navigate(`/home?refresh=${Date.now()}`);
  };

  const save = async ({ amount, category, description }: ExpenseInput) => {
    setBusy(true);
    try {
      const created = await manualApi.add(amount, category, description);
      const reward = manualExpenseReward();
      awardXp(reward.xp);
      changeLives(reward.lives);
      setNeedsRefresh(true);
      emit('manualTransactionAdded', { id: created.id });
      setStage({ name: 'celebrate', ...reward });
    } catch {
      notify(SAVE_FAILED, 'error');
      onClose();
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (stage.name !== 'celebrate') return;
    const t = window.setTimeout(() => setStage({ name: 'connect' }), CELEBRATION_MS + CELEBRATION_DELAY_MS);
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
      <Dialog key="celebrate" title="Expense Saved!" onClose={close}>
        <Celebration xp={stage.xp} lives={stage.lives} />
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
            void openLink();
          }}
        >
          Connect Account
        </button>
      </div>
    </Dialog>
  );
}

function Celebration({ xp, lives }: { xp: number; lives: number }) {
  const shownXp = useCountUp(xp, CELEBRATION_MS, true);
  const shownLives = useCountUp(lives, CELEBRATION_MS, true);
  return (
    <div className="celebration" role="status" aria-live="polite">
      <p className="celebration-burst" aria-hidden="true">
        🎉
      </p>
      <p className="celebration-line">
        <strong>+{shownXp} XP</strong>
      </p>
      <p className="celebration-line">
        <span aria-hidden="true">❤️</span> <strong>+{shownLives}</strong> {lives === 1 ? 'life' : 'lives'}
      </p>
      <p className="visually-hidden">
        You earned {xp} XP and {lives} {lives === 1 ? 'life' : 'lives'}.
      </p>
    </div>
  );
}
