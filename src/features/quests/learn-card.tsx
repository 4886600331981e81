// The way into Learn from Quests (issue 34); it becomes the Review card when a Review is due.
// One card of the same shape either way, so nothing below it moves when the answer arrives.
import { Link } from '@/components/link';
import { LEARN_REVIEW_LINK, useLearnOverview } from '@/lib/learn';
import { ROUTES } from '@/lib/routes';

export function LearnCard() {
  const overview = useLearnOverview();
  const due = overview.data?.review.due ?? 0;
  return (
    <section className="card learn-entry" aria-labelledby="learn-entry-title">
      <h2 id="learn-entry-title">{due > 0 ? 'Daily Review' : 'Learn the 50/30/20 method'}</h2>
      <p>
        {due > 0
          ? `${due} ${due === 1 ? 'question' : 'questions'} you missed ${due === 1 ? 'is' : 'are'} back for review.`
          : 'Short lessons with questions about your own money. A lesson answered all right earns lives.'}
      </p>
      <Link className="btn btn-primary" to={due > 0 ? LEARN_REVIEW_LINK : ROUTES.learn}>
        {due > 0 ? 'Start Review' : 'Open Learn'}
      </Link>
    </section>
  );
}
