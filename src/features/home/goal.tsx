// The goal banner (clicking it changes the goal) and the goal-choice modal (SPEC 2/3), which opens
// by itself while no goal is saved. Its goals are the onboarding tour's five: the app has one list.
import { useState } from 'react';
import { useAtom } from 'jotai';
import { Dialog } from '@/components/dialog';
import { goalAtom } from '@/lib/atoms';
import { ONBOARDING_GOALS, goalAsListed } from '@/domain/onboarding';

export function GoalBanner() {
  const [stored, setGoal] = useAtom(goalAtom);
  const goal = goalAsListed(stored);
  const [open, setOpen] = useState(false);
  // Closed without a choice: do not reopen on every render of this visit.
  const [declined, setDeclined] = useState(false);
  const showModal = open || (!goal && !declined);
  const close = () => {
    setOpen(false);
    if (!goal) setDeclined(true);
  };
  return (
    <>
      <button type="button" className="goal-banner" onClick={() => setOpen(true)}>
        <span className="goal-banner-icon" aria-hidden="true">
          {'\ud83c\udfaf'}
        </span>
        <span>
          <span className="goal-banner-label">{goal ? 'Your goal' : 'No goal yet'}</span>
          <strong className="goal-banner-goal">{goal ?? 'Choose a goal'}</strong>
        </span>
        <span className="goal-banner-action">Change goal</span>
      </button>
      {showModal && (
        <GoalModal
          current={goal}
          onClose={close}
          onChoose={(g) => {
            setGoal(g);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

function GoalModal(props: { current: string | null; onClose: () => void; onChoose: (goal: string) => void }) {
  return (
    <Dialog title="What is your goal?" onClose={props.onClose} className="goal-modal" closeButton>
      <p className="muted">Pick what you want Budget Quest to help you with. You can change it any time.</p>
      <ul className="goal-options">
        {ONBOARDING_GOALS.map((g) => (
          <li key={g}>
            <button
              type="button"
              className={`btn btn-block${g === props.current ? ' btn-primary' : ''}`}
              aria-pressed={g === props.current}
              onClick={() => props.onChoose(g)}
            >
              {g}
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
