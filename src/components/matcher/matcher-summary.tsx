// The end of a Category Matcher round (issue 24): every card with the label it got, timeouts and
// skips marked, each label still changeable, the XP the round is worth, and Save.
import { BUDGET_CATEGORIES, type BudgetCategory } from '@/domain/categories';
import { formatSignedAmount } from '@/domain/format';
import { picksXp, relabelPick, type MatcherPick } from '@/domain/matcher';
import type { Transaction } from '@/bank/api';

const SKIP = 'skip';

interface Props {
  cards: readonly Transaction[];
  picks: readonly MatcherPick[];
  onChange: (picks: MatcherPick[]) => void;
  onSave: () => void;
}

export function MatcherSummary({ cards, picks, onChange, onSave }: Props) {
  const byId = new Map(cards.map((c) => [c.plaidId, c]));
  const xp = picksXp(picks);
  const sent = picks.filter((p) => p.category !== null).length;
  return (
    <section className="matcher-panel matcher-summary" aria-labelledby="matcher-summary-title">
      <h3 id="matcher-summary-title">Your picks</h3>
      <p className="muted small">
        Check each label and change any before saving. Skipped cards are not saved.
      </p>
      <ul className="matcher-summary-list">
        {picks.map((p) => {
          const t = byId.get(p.plaidId);
          const name = t?.name ?? p.plaidId;
          return (
            <li key={p.plaidId} className="matcher-summary-row">
              <span className="matcher-summary-name">{name}</span>
              <span className="matcher-summary-amount">{t ? formatSignedAmount(t.amount).text : ''}</span>
              {p.timedOut && <span className="badge matcher-timed-out">Timed out</span>}
              <label className="matcher-summary-label">
                <span className="visually-hidden">Label for {name}</span>
                <select
                  value={p.category ?? SKIP}
                  onChange={(e) =>
                    onChange(
                      relabelPick(
                        picks,
                        p.plaidId,
                        e.target.value === SKIP ? null : (e.target.value as BudgetCategory),
                      ),
                    )
                  }
                >
                  {BUDGET_CATEGORIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                  <option value={SKIP}>Skipped</option>
                </select>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="matcher-xp-total">Round XP: {xp > 0 ? `+${xp}` : xp}</p>
      <button type="button" className="btn btn-primary" onClick={onSave}>
        {sent === 0 ? 'Done (nothing to save)' : `Save ${sent} ${sent === 1 ? 'label' : 'labels'}`}
      </button>
    </section>
  );
}
