// The one part of a quest card that changes every second: its progress bar and HH:MM:SS
// countdown. It reads the clock itself, so the page around it never re-renders for a tick.
import { useNow } from '@/lib/clock';
import { formatCountdown, questView, TIMED_QUEST_SECONDS, type QuestId } from '@/domain/quests';
import type { StoredQuestState } from '@/domain/quests';

interface Props {
  id: QuestId;
  title: string;
  stored: StoredQuestState | null;
  startedAt: number | null;
  showTimer: boolean;
}

export function QuestTimer({ id, title, stored, startedAt, showTimer }: Props) {
  const ticking = showTimer && stored?.isStarted === true && startedAt !== null;
  const view = questView(id, stored, startedAt, useNow(ticking));
  const remaining = view.status === 'not-started' ? TIMED_QUEST_SECONDS : view.timeRemaining;
  const progress = Math.round(view.progress);
  return (
    <div className="quest-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={`${title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
      >
        <span style={{ width: `${progress}%` }} />
      </div>
      <span className="quest-progress-text">{progress}%</span>
      {showTimer && (
        <span className="quest-countdown">
          <span className="visually-hidden">Time remaining: </span>
          <time role="timer" aria-label={`${title} time remaining`} dateTime={`PT${remaining}S`}>
            {formatCountdown(remaining)}
          </time>
        </span>
      )}
    </div>
  );
}
