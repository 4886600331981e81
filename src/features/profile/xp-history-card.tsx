// Profile's XP history (issue 13): the last 50 changes of XP and lives the server keeps.
import { useProgressHistory } from '@/lib/progress-sync/history';

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function XpHistoryCard() {
  const history = useProgressHistory();
  return (
    <section className="card xp-history" aria-labelledby="xp-history-title">
      <h2 id="xp-history-title">XP history</h2>
      {history.isPending ? (
        <p className="muted" role="status">
          Loading your XP history…
        </p>
      ) : history.isError ? (
        <div role="alert">
          <p>Your XP history could not be loaded. Check your connection and try again.</p>
          <button type="button" className="btn" onClick={() => void history.refetch()}>
            Try again
          </button>
        </div>
      ) : history.data.length === 0 ? (
        <p className="muted">No XP yet: complete a quest or add an expense to earn some.</p>
      ) : (
        <ol className="xp-history-list" aria-label="Last XP and lives changes, newest first">
          {history.data.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <span className="xp-history-text">{h.text}</span>
              <time className="muted" dateTime={new Date(h.at).toISOString()}>
                {when(h.at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
