// Weekly Check-In (issue 25): Start completes the quest as before, and this dialog says so, with
// what it paid, before it takes the player to the week's transactions (which open at their top).
import { useNavigate } from 'react-router-dom';
import { Dialog } from '@/components/dialog';
import type { Reward } from '@/domain/progression';
import { rewardText } from '@/domain/reward-text';
import { ROUTES } from '@/lib/routes';
import { QuestSuccess } from './quest-success';

/** `reward` is what the check-in paid; `livesBefore` the lives held before it. */
export function WeeklyCheckInDialog(props: { reward: Reward; livesBefore: number; onClose: () => void }) {
  const navigate = useNavigate();
  const paid = props.reward.xp > 0 || props.reward.lives > 0;
  return (
    <Dialog title="Weekly Check-In" onClose={props.onClose} closeButton>
      <QuestSuccess
        title={paid ? 'Check-in complete!' : 'Checked in'}
        text={
          paid
            ? rewardText(props.reward, props.livesBefore)
            : "This week's check-in reward has already been collected."
        }
      />
      <p>Now look back at the past week: what did you spend, and on what?</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={props.onClose}>
          Later
        </button>
        <button
          type="button"
          className="btn btn-primary"
          data-autofocus
          onClick={() => void navigate(ROUTES.transactions)}
        >
          Review My Week
        </button>
      </div>
    </Dialog>
  );
}
