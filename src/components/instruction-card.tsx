// SPEC 2/4 dismissible instruction card: visible until dismissed, dismissal stored under its key;
// a first-time user who must act first cannot dismiss it ('Complete Action First', disabled).
import { useAtom } from 'jotai';
import { useId } from 'react';
import { dismissedAtom } from '@/lib/atoms';
import './budget/budget-widgets.css';

export interface InstructionCardProps {
  /** Local-storage key of the dismissal flag (e.g. quests_instructions_dismissed). */
  storageKey: string;
  title: string;
  paragraphs: readonly string[];
  /** Extra text shown only to first-time users. */
  firstTimeText?: string;
  /** The 'Action Required' line. */
  actionRequired?: string;
  isFirstTimeUser?: boolean;
  /** A first-time user cannot dismiss the card until the action is done. */
  persistUntilAction?: boolean;
}

export function InstructionCard(props: InstructionCardProps) {
  const [dismissed, setDismissed] = useAtom(dismissedAtom(props.storageKey));
  const titleId = useId();
  if (dismissed) return null;
  const locked = Boolean(props.isFirstTimeUser && props.persistUntilAction);
  return (
    <section className="card instruction-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      {props.isFirstTimeUser && props.firstTimeText && (
        <p className="instruction-first">{props.firstTimeText}</p>
      )}
      {props.actionRequired && (
        <p className="instruction-action">
          <strong>Action Required:</strong> {props.actionRequired}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={locked}
        onClick={() => setDismissed(true)}
      >
        {locked ? 'Complete Action First' : 'Got It'}
      </button>
    </section>
  );
}
