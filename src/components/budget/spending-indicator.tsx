// SPEC 2/5 spending-versus-income indicator: colour and a text label, never colour alone.
import { INDICATOR_TEXT, spendingIndicator } from '@/domain/budget';
import { formatMoney } from '@/domain/format';
import './budget-widgets.css';

const ICON = { red: '\u26a0', orange: '\u25b2', green: '\u2713' } as const;

export function SpendingIndicator({ spending, income }: { spending: number; income: number }) {
  const level = spendingIndicator(spending, income);
  return (
    <div className={`spending-indicator indicator-${level}`} data-level={level}>
      <span className="indicator-icon" aria-hidden="true">
        {ICON[level]}
      </span>
      <p>
        <strong>{INDICATOR_TEXT[level]}</strong>
        <span className="indicator-detail">
          {formatMoney(spending)} spent of {formatMoney(income)} income
        </span>
      </p>
    </div>
  );
}
