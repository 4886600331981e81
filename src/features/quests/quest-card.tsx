// One collapsible quest card: title, reward in hearts, status, and when open the description,
// progress bar, countdown and the Start or action button in its colour. Completing the quest
// while the card is on screen sends hearts up from it (still under reduced motion).
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from '@/components/link';
import { useAtomValue } from 'jotai';
import { formatMoney } from '@/domain/format';
import { QUEST_REWARD_LIVES, type QuestStatus } from '@/domain/quests';
import { emergencyFundGoalAmountAtom } from '@/lib/atoms';
import { prefersReducedMotion } from '@/lib/motion';
import type { QuestCard as QuestCardDef } from './quest-catalog';
import { QuestTimer } from './quest-timer';
import { useQuest } from './use-quest';
import { useCollapse } from './use-collapse';

const STATUS_TEXT: Record<QuestStatus, string> = {
  'not-started': 'Not started',
  started: 'In progress',
  expired: 'Checking…',
  completed: 'Completed',
};

/**
 * A quest judged elsewhere (the Subscription check-up, issue 28): its status and progress come from
 * that page's data instead of the stored quest state.
 */
export interface QuestOverride {
  status: QuestStatus;
  /** Whole percent. */
  progress: number;
  /** What the progress means, e.g. "2 of 4 reviewed this month". */
  detail: string;
  /** The link's text, e.g. "Review subscriptions". */
  linkText: string;
}

export interface QuestActions {
  start(card: QuestCardDef): void;
  stop(card: QuestCardDef): void;
  checkNow(): void;
}

function QuestButton({
  card,
  status,
  actions,
}: {
  card: QuestCardDef;
  status: QuestStatus;
  actions: QuestActions;
}) {
  if (status === 'completed') return null;
  if (status === 'expired')
    return (
      <button type="button" className="btn btn-success" onClick={actions.checkNow}>
        Check Now
      </button>
    );
  if (status === 'started' && card.start === 'timer')
    return (
      <button type="button" className="btn btn-danger" onClick={() => actions.stop(card)}>
        {card.actionButtonText}
      </button>
    );
  return (
    <button type="button" className="btn btn-primary" onClick={() => actions.start(card)}>
      {status === 'started' ? 'Continue' : 'Start'}
    </button>
  );
}

/** Where the hearts fly: the status bar's lives figure (src/components/status-bar.tsx). */
const LIVES_TARGET_ID = 'status-lives';

/**
 * The quest's hearts fly from the card into the lives display (they rise and fade without one).
 * Under reduced motion they only fade where they are.
 */
function HeartBurst({ lives }: { lives: number }) {
  const from = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const root = from.current;
    if (!root) return;
    const a = root.getBoundingClientRect();
    const b = document.getElementById(LIVES_TARGET_ID)?.getBoundingClientRect();
    const to = b ? { x: b.left + b.width / 2 - a.left, y: b.top + b.height / 2 - a.top } : { x: 0, y: -70 };
    const still = prefersReducedMotion();
    const hearts = Array.from(root.children) as HTMLElement[];
    const flights = hearts.map((heart, i) =>
      heart.animate?.(
        still
          ? [{ opacity: 1 }, { opacity: 0.3 }]
          : [
              { opacity: 1, transform: `translate(${(i - 2) * 14}px, 0) scale(1)` },
              { opacity: 0.3, transform: `translate(${to.x}px, ${to.y}px) scale(0.6)` },
            ],
        { duration: 800, delay: i * 80, easing: 'ease-in', fill: 'both' },
      ),
    );
    return () => flights.forEach((f) => f?.cancel());
  }, []);
  return (
    <span ref={from} className="quest-burst" aria-hidden="true">
      {Array.from({ length: Math.min(lives, 5) }, (_, i) => (
        <span key={i}>{'\u2764\ufe0f'}</span>
      ))}
    </span>
  );
}

export function QuestCard({
  card,
  actions,
  override,
}: {
  card: QuestCardDef;
  actions: QuestActions;
  override?: QuestOverride;
}) {
  const stored = useQuest(card.id);
  const quest = override ? { ...stored, status: override.status } : stored;
  const goal = useAtomValue(emergencyFundGoalAmountAtom);
  const [open, setOpen] = useState(quest.status !== 'completed');
  const [bodyMounted, bodyRef] = useCollapse(open);
  const titleId = useId();
  const bodyId = useId();
  const lives = QUEST_REWARD_LIVES[card.id];
  // Completion seen on this screen (not a quest that was already completed when it opened).
  const previous = useRef(quest.status);
  const [celebrate, setCelebrate] = useState(false);
  useEffect(() => {
    if (quest.status === 'completed' && previous.current !== 'completed') setCelebrate(true);
    previous.current = quest.status;
  }, [quest.status]);

  return (
    <article className={`card quest-card is-${quest.status}`} aria-labelledby={titleId}>
      <h3 className="quest-card-head">
        <button
          type="button"
          className="quest-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="quest-emoji" aria-hidden="true">
            {card.emoji}
          </span>
          <span className="quest-title" id={titleId}>
            {card.title}
          </span>
          <span className="quest-reward">
            <span aria-hidden="true">{'\u2764\ufe0f'}</span> {lives}
            <span className="visually-hidden"> lives</span>
          </span>
          <span className={`quest-status status-${quest.status}`}>
            {quest.status === 'completed' && <span aria-hidden="true">{'\u2713'} </span>}
            {STATUS_TEXT[quest.status]}
          </span>
          <span className="quest-chevron" aria-hidden="true" />
        </button>
      </h3>
      {celebrate && <HeartBurst lives={lives} />}
      {bodyMounted && (
        <div id={bodyId} className="quest-body" ref={bodyRef}>
          <p className="quest-description">{card.description}</p>
          {card.id === 'emergency-fund' && goal !== null && (
            <p className="quest-goal">
              Your goal: <strong>{formatMoney(goal)}</strong>
            </p>
          )}
          {override ? (
            <div className="quest-progress">
              <div
                className="progress"
                role="progressbar"
                aria-label={`${card.title} progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={override.progress}
                aria-valuetext={override.detail}
              >
                <span style={{ width: `${override.progress}%` }} />
              </div>
              <span className="quest-progress-text">{override.detail}</span>
            </div>
          ) : (
            <QuestTimer
              id={card.id}
              title={card.title}
              stored={quest.stored}
              startedAt={quest.startedAt}
              showTimer={card.start === 'timer'}
            />
          )}
          <div className="quest-actions">
            {card.start === 'link' && card.route ? (
              <Link className={`btn ${quest.status === 'completed' ? '' : 'btn-primary'}`} to={card.route}>
                {override?.linkText ?? 'Open'}
              </Link>
            ) : (
              <QuestButton card={card} status={quest.status} actions={actions} />
            )}
          </div>
        </div>
      )}
    </article>
  );
}
