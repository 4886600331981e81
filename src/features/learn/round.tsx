// One round of the Learn path: a lesson's cards, then its questions one at a time (a Review or a
// knowledge check has questions only). Each answer is marked by the server, which says whether it
// was right, which choice was, and why; the round's end shows the result and what it paid.
// Keyboard: number keys 1-4 answer; every step moves focus to its heading for screen readers.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { answerQuestion, startRound, type MarkedAnswer, type RoundRequest } from '@/lib/learn';
import { ROUTES } from '@/lib/routes';
import type { AttemptView } from '@/domain/learn';
import { QuestionStep } from './question-step';

type Step = { kind: 'card'; index: number } | { kind: 'question'; index: number } | { kind: 'done' };

const DONE_TITLES = {
  lesson: 'Lesson finished',
  review: 'Review finished',
  check: 'Knowledge check finished',
};

/** A round; Try again starts a fresh one (the server opens a new round each time). */
export function Round({ request }: { request: RoundRequest }) {
  const [tries, setTries] = useState(0);
  return <OneRound key={tries} request={request} restart={() => setTries((n) => n + 1)} />;
}

function OneRound({ request, restart }: { request: RoundRequest; restart(): void }) {
  const navigate = useNavigate();
  const [round, setRound] = useState<AttemptView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'card', index: 0 });
  const [marked, setMarked] = useState<MarkedAnswer | null>(null);
  const [result, setResult] = useState<MarkedAnswer['result'] | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    startRound(request).then(
      (view) => {
        if (!live) return;
        setRound(view);
        setStep(view.cards.length > 0 ? { kind: 'card', index: 0 } : { kind: 'question', index: 0 });
      },
      (err: unknown) => {
        if (live)
          setError(err instanceof ApiError ? err.message : 'This round could not be opened. Try again.');
      },
    );
    return () => {
      live = false;
    };
    // Opened once: the request is fixed for this component's life (a new one remounts it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each new step is announced by moving focus to its heading.
  useEffect(() => {
    if (round) headingRef.current?.focus();
  }, [round, step]);

  const back = () => void navigate(ROUTES.learn);
  const header = (
    <PageHeader title={round?.title ?? 'Learn'}>
      <button type="button" className="btn" onClick={back}>
        Back to Learn
      </button>
    </PageHeader>
  );

  if (error)
    return (
      <main className="page learn-page">
        {header}
        <div className="card" role="alert">
          <p>{error}</p>
          <Link className="btn" to={ROUTES.learn}>
            Back to Learn
          </Link>
        </div>
      </main>
    );
  if (!round)
    return (
      <main className="page learn-page">
        {header}
        <p className="muted" role="status">
          Opening…
        </p>
      </main>
    );

  const cards = round.cards;
  const total = round.questions.length;
  let body;
  if (step.kind === 'card') {
    const card = cards[step.index]!;
    const last = step.index === cards.length - 1;
    body = (
      <article className="card learn-step" aria-labelledby="step-title">
        <p className="learn-step-count muted">
          Card {step.index + 1} of {cards.length}
        </p>
        <h2 id="step-title" ref={headingRef} tabIndex={-1}>
          {card.heading}
        </h2>
        <p className="learn-card-text">{card.text}</p>
        {card.link && (
          <p>
            <Link to={card.link.to}>{card.link.label}</Link>
          </p>
        )}
        <div className="row learn-step-actions">
          {step.index > 0 && (
            <button
              type="button"
              className="btn"
              onClick={() => setStep({ kind: 'card', index: step.index - 1 })}
            >
              Previous
            </button>
          )}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() =>
              setStep(last ? { kind: 'question', index: 0 } : { kind: 'card', index: step.index + 1 })
            }
          >
            {last ? 'Start the questions' : 'Next'}
          </button>
        </div>
      </article>
    );
  } else if (step.kind === 'question') {
    const index = step.index;
    body = (
      <QuestionStep
        key={`${round.attemptId}-${index}`}
        headingRef={headingRef}
        question={round.questions[index]!}
        position={`Question ${index + 1} of ${total}`}
        marked={marked}
        onAnswer={async (choice) => {
          const m = await answerQuestion(round.attemptId, index, choice);
          setMarked(m);
          if (m.done) setResult(m.result ?? null);
        }}
        onNext={() => {
          setMarked(null);
          setStep(index + 1 < total ? { kind: 'question', index: index + 1 } : { kind: 'done' });
        }}
        lastQuestion={index + 1 >= total}
      />
    );
  } else {
    body = (
      <section className="card learn-step" aria-labelledby="step-title">
        <h2 id="step-title" ref={headingRef} tabIndex={-1}>
          {DONE_TITLES[round.kind]}
        </h2>
        {result && (
          <p className="learn-result" role="status">
            {result.text}
          </p>
        )}
        <div className="row learn-step-actions">
          <Link className="btn btn-primary" to={ROUTES.learn}>
            Back to Learn
          </Link>
          {round.kind === 'lesson' && (
            <button type="button" className="btn" onClick={restart}>
              Try again
            </button>
          )}
          {round.lessonId === 'the-method' && (
            <Link to={ROUTES.financialGuruArticle}>Read the full article</Link>
          )}
        </div>
      </section>
    );
  }

  return (
    <main className="page learn-page">
      {header}
      {body}
    </main>
  );
}
