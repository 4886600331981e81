// The streams as a list: name, label, how often, the usual amount, the next date and status; a
// subscription (an active Want) has the check-up's Keep and Cancel toggles.
import { useState } from 'react';
import { Link } from '@/components/link';
import { isSubscription, type BillStream, type StreamDecision } from '@/domain/bills';
import { useReviewStream } from '@/bank/queries';
import { ROUTES } from '@/lib/routes';
import { amountText, cancelText, decisionThisMonth, labelText, shortDay, statusText } from './stream-text';

const BADGE: Record<string, string> = {
  Need: 'badge-need',
  Want: 'badge-want',
  Savings: 'badge-savings',
  Income: 'badge-income',
};

export function StreamList({ streams, today }: { streams: readonly BillStream[]; today: string }) {
  return (
    <ul className="stream-list">
      {streams.map((s) => (
        <StreamRow key={s.id} stream={s} today={today} />
      ))}
    </ul>
  );
}

function StreamRow({ stream: s, today }: { stream: BillStream; today: string }) {
  const status = statusText(s);
  const next = s.isActive ? shortDay(s.predictedNextDate, today) : null;
  const cancelled = cancelText(s, today);
  const nameId = `stream-${s.id}`;
  return (
    <li className="stream" data-testid="stream" aria-labelledby={nameId}>
      <div className="stream-main">
        <span className="stream-name" id={nameId}>
          {s.name}
        </span>
        <span className="stream-amount">{amountText(s)}</span>
      </div>
      <div className="stream-meta">
        <span className={`badge ${s.label ? BADGE[s.label] : 'badge-uncategorized'}`}>
          {labelText(s.label)}
        </span>
        {status && <span className="badge badge-pending">{status}</span>}
        {next && (
          <span className="stream-next">
            {s.direction === 'inflow' ? 'Next pay' : 'Next'}: {next}
          </span>
        )}
      </div>
      {s.label === null && (
        <p className="muted small stream-hint">
          Label it on <Link to={`${ROUTES.transactions}?q=${encodeURIComponent(s.name)}`}>Transactions</Link>{' '}
          to count it in your totals.
        </p>
      )}
      {isSubscription(s) && <ReviewToggles stream={s} today={today} />}
      {cancelled && (
        <p className="stream-cancel" data-testid="stream-cancel">
          {cancelled}
        </p>
      )}
    </li>
  );
}

function ReviewToggles({ stream: s, today }: { stream: BillStream; today: string }) {
  const review = useReviewStream();
  const [error, setError] = useState<string | null>(null);
  const current = review.isPending ? review.variables.decision : decisionThisMonth(s, today);
  const decide = (decision: StreamDecision) => {
    setError(null);
    review.mutate(
      { streamId: s.id, decision },
      { onError: () => setError('Your choice was not saved. Check your connection and try again.') },
    );
  };
  return (
    <div className="stream-review">
      <div className="review-toggles" role="group" aria-label={`${s.name}: keep or cancel`}>
        {(['keep', 'cancel'] as const).map((d) => (
          <button
            key={d}
            type="button"
            className={`btn btn-sm review-toggle${current === d ? ' is-pressed' : ''}`}
            aria-pressed={current === d}
            disabled={review.isPending}
            onClick={() => decide(d)}
          >
            {current === d && <span aria-hidden="true">{'\u2713'} </span>}
            {d === 'keep' ? 'Keep' : 'Cancel'}
          </button>
        ))}
      </div>
      {current === null && <span className="muted small">Not reviewed this month</span>}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
