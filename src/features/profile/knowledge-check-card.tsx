// What the Learn path taught (issue 34): the knowledge check before the first lesson and after the
// last, "5 of 8 then, 8 of 8 now".
import { Link } from '@/components/link';
import { useLearnOverview } from '@/lib/learn';
import { ROUTES } from '@/lib/routes';
import { checkResultText } from '@/domain/learn';

export function KnowledgeCheckCard() {
  const overview = useLearnOverview();
  const check = overview.data?.check;
  const result = check ? checkResultText(check.before, check.after, check.total) : null;
  const finished = overview.data?.lessons.filter((l) => l.status === 'finished').length ?? 0;
  return (
    <section className="card" aria-labelledby="knowledge-title">
      <h2 id="knowledge-title">Knowledge check</h2>
      {overview.isPending ? (
        <p className="muted" role="status">
          Loading…
        </p>
      ) : overview.isError ? (
        <p role="alert">Your Learn progress could not be loaded.</p>
      ) : result ? (
        <>
          <p className="knowledge-result">{result}</p>
          <p className="muted">
            {finished} of {overview.data.lessons.length} lessons finished.
          </p>
        </>
      ) : (
        <p className="muted">
          Take the knowledge check in Learn to see what you know, then again after the lessons.
        </p>
      )}
      <Link to={ROUTES.learn}>Open Learn</Link>
    </section>
  );
}
