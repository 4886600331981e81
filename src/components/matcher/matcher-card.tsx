// One Category Matcher card: the full name (it wraps; issue 24) and amount, the countdown (red, and saying so,
// at 2 s or less), the XP so far, progress, and the four category buttons (keys 1-4; Enter
// takes the highlighted suggestion) and a Skip that pays nothing.
import { useEffect, useRef } from 'react';
import { BUDGET_CATEGORIES, type BudgetCategory } from '@/domain/categories';
import { formatDate, formatSignedAmount } from '@/domain/format';
import { isUrgent, progressText } from '@/domain/matcher';
import type { Transaction } from '@/bank/api';

interface Props {
  transaction: Transaction;
  index: number;
  total: number;
  seconds: number;
  xp: number;
  suggestion: BudgetCategory | null;
  onChoose: (category: BudgetCategory) => void;
  onSkip: () => void;
}

export function MatcherCard({ transaction, index, total, seconds, xp, suggestion, onChoose, onSkip }: Props) {
  const cardRef = useRef<HTMLDivElement>(null);
  const urgent = isUrgent(seconds);

  useEffect(() => cardRef.current?.focus(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const n = Number(e.key);
      if (Number.isInteger(n) && n >= 1 && n <= BUDGET_CATEGORIES.length) {
        e.preventDefault();
        onChoose(BUDGET_CATEGORIES[n - 1]);
      } else if (e.key === 'Enter' && suggestion && !(e.target instanceof HTMLButtonElement)) {
        e.preventDefault();
        onChoose(suggestion);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onChoose, suggestion]);

  return (
    <div
      ref={cardRef}
      className="matcher-card"
      tabIndex={-1}
      role="group"
      aria-label={`Transaction ${progressText(index, total)}`}
    >
      <div className="matcher-stats">
        <span className="matcher-progress">{progressText(index, total)}</span>
        <span className={urgent ? 'matcher-timer urgent' : 'matcher-timer'} role="timer">
          <span aria-hidden="true">⏱ </span>
          {seconds}s{urgent ? ' Hurry!' : ''}
        </span>
        <span className="matcher-xp">XP: {xp > 0 ? `+${xp}` : xp}</span>
      </div>
      <p className="matcher-name">{transaction.name}</p>
      <p className="matcher-amount">
        {formatSignedAmount(transaction.amount).text} · {formatDate(transaction.date)}
      </p>
      {suggestion && (
        <p className="muted small">
          Suggested: <strong>{suggestion}</strong>
          <span className="key-hint"> (press Enter)</span>
        </p>
      )}
      <div className="matcher-buttons">
        {BUDGET_CATEGORIES.map((c, i) => (
          <button
            key={c}
            type="button"
            className={c === suggestion ? 'btn matcher-choice suggested' : 'btn matcher-choice'}
            aria-keyshortcuts={c === suggestion ? `${i + 1} Enter` : String(i + 1)}
            onClick={() => onChoose(c)}
          >
            <kbd className="key-hint" aria-hidden="true">
              {i + 1}
            </kbd>{' '}
            {c}
            {c === suggestion && <span className="visually-hidden"> (suggested)</span>}
          </button>
        ))}
      </div>
      <button type="button" className="btn btn-sm matcher-skip" onClick={onSkip}>
        Skip
      </button>
    </div>
  );
}
