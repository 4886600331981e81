// One question: its choices as numbered buttons (keys 1-4 answer too), then the server's verdict
// in a live region, the right choice and the player's own marked in words, not colour alone.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { ApiError } from '@/lib/api-client';
import type { MarkedAnswer } from '@/lib/learn';
import type { PublicQuestion } from '@/domain/learn';

interface Props {
  question: PublicQuestion;
  position: string;
  marked: MarkedAnswer | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  lastQuestion: boolean;
  onAnswer(choice: number): Promise<void>;
  onNext(): void;
}

export function QuestionStep({
  question,
  position,
  marked,
  headingRef,
  lastQuestion,
  onAnswer,
  onNext,
}: Props) {
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // Once marked, Enter (or Space) moves on: the verdict is read from its live region meanwhile.
  useEffect(() => {
    if (marked) nextRef.current?.focus();
  }, [marked]);

  const choose = async (choice: number) => {
    if (busy || marked) return;
    setBusy(true);
    setError(null);
    setChosen(choice);
    try {
      await onAnswer(choice);
    } catch (err) {
      setChosen(null);
      setError(err instanceof ApiError ? err.message : 'Your answer could not be sent. Try again.');
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= question.choices.length) {
        e.preventDefault();
        void choose(n - 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <section className="card learn-step" aria-labelledby="step-title">
      <p className="learn-step-count muted">
        {position}
        {question.personal && <span className="learn-personal"> · about your own money</span>}
      </p>
      <h2 id="step-title" ref={headingRef} tabIndex={-1}>
        {question.prompt}
      </h2>
      <p className="muted learn-hint">Choose an answer, or press its number key.</p>
      <ol className="learn-choices" aria-label="Answers">
        {question.choices.map((c, i) => {
          const right = marked !== null && marked.answer === i;
          const mine = chosen === i;
          const state = marked ? (right ? 'is-right' : mine ? 'is-wrong' : '') : mine ? 'is-chosen' : '';
          return (
            <li key={c}>
              <button
                type="button"
                className={`learn-choice ${state}`}
                disabled={marked !== null || busy}
                aria-pressed={mine}
                onClick={() => void choose(i)}
              >
                <span className="learn-choice-key" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="learn-choice-text">{c}</span>
                {marked && right && <span className="learn-choice-tag">{'\u2713'} Right answer</span>}
                {marked && mine && !right && <span className="learn-choice-tag">{'\u2717'} Your answer</span>}
              </button>
            </li>
          );
        })}
      </ol>
      <div className="learn-verdict" role="status" aria-live="polite">
        {marked && (
          <>
            <p className={`learn-verdict-title ${marked.correct ? 'is-right' : 'is-wrong'}`}>
              {marked.correct ? 'Right!' : 'Not quite.'}
            </p>
            <p>{marked.explanation}</p>
          </>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {marked && (
        <div className="row learn-step-actions">
          <button ref={nextRef} type="button" className="btn btn-primary" onClick={onNext}>
            {lastQuestion ? 'See your result' : 'Next question'}
          </button>
        </div>
      )}
    </section>
  );
}
