// One collapsible quest card: title, reward in hearts, status, and when open the description,
// progress bar, countdown and the Start or action button in its colour. Completing the quest
// while the card is on screen sends hearts up from it (still under reduced motion).
import { useEffect, useId, useRef, useState } from 'react';
import { AnimatePresence, m } from 'framer-motion';
import { useAtomValue } from 'jotai';
import { formatMoney } from '@/domain/format';
import { QUEST_REWARD_LIVES, type QuestStatus } from '@/domain/quests';
import { emergencyFundGoalAmountAtom } from '@/lib/atoms';
import type { QuestCard as QuestCardDef } from './quest-catalog';
import { QuestTimer } from './quest-timer';
import { useQuest } from './use-quest';

const STATUS_TEXT: Record<QuestStatus, string> = {
  'not-started': 'Not started',
  started: 'In progress',
  expired: 'Checking…',
  completed: 'Completed',
};

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

function HeartBurst({ lives }: { lives: number }) {
  return (
    <span className="quest-burst" aria-hidden="true">
      {Array.from({ length: Math.min(lives, 5) }, (_, i) => (
        <m.span
          key={i}
          initial={{ opacity: 1, y: 0, x: 0, scale: 0.8 }}
          animate={{ opacity: 0, y: -70, x: (i - 2) * 14, scale: 1.2 }}
          transition={{ duration: 0.8, delay: i * 0.06 }}
        >
          {'\u2764\ufe0f'}
        </m.span>
      ))}
    </span>
  );
}

export function QuestCard({ card, actions }: { card: QuestCardDef; actions: QuestActions }) {
  const quest = useQuest(card.id);
  const goal = useAtomValue(emergencyFundGoalAmountAtom);
  const [open, setOpen] = useState(quest.status !== 'completed');
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
      <AnimatePresence initial={false}>
        {open && (
          <m.div
            id={bodyId}
            className="quest-body"
            initial={{ height: 0, opacity: 0 }}
            animate={{ height: 'auto', opacity: 1 }}
            exit={{ height: 0, opacity: 0 }}
            transition={{ duration: 0.2 }}
          >
            <p className="quest-description">{card.description}</p>
            {card.id === 'emergency-fund' && goal !== null && (
              <p className="quest-goal">
                Your goal: <strong>{formatMoney(goal)}</strong>
              </p>
            )}
            <QuestTimer
              id={card.id}
              title={card.title}
              stored={quest.stored}
              startedAt={quest.startedAt}
              showTimer={card.start === 'timer'}
            />
            <div className="quest-actions">
              <QuestButton card={card} status={quest.status} actions={actions} />
            </div>
          </m.div>
        )}
      </AnimatePresence>
    </article>
  );
}
