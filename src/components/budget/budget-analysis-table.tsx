// SPEC 2 budget analysis table (Category, Budget Variance, Target) measured against income
// (issue 24): each group's amount and share of the period's income, SPEC 5's verdict in words as
// well as colour, and the dollars left to each target. Without income the shares are of sorted
// spending and the table says so.
import { VERDICT_TEXT } from '@/domain/budget';
import type { BudgetView, ViewLine } from '@/domain/budget-view';
import { formatMoney } from '@/domain/format';
import './budget-widgets.css';

const signed = (n: number) => (n > 0 ? `+${n}%` : n < 0 ? `\u2212${-n}%` : '0%');
const money = (cents: number) => formatMoney(cents / 100);

/** "Wants: $412.00 left of $1,200.00", "Savings: $650.00 to go of $800.00"... */
export function leftText(line: ViewLine): string | null {
  if (line.targetCents === null || line.leftCents === null) return null;
  const target = money(line.targetCents);
  const left = line.leftCents;
  if (line.group === 'Savings') {
    return left > 0
      ? `${line.group}: ${money(left)} to go of ${target}`
      : `${line.group}: ${money(-left)} above the ${target} target`;
  }
  return left >= 0
    ? `${line.group}: ${money(left)} left of ${target}`
    : `${line.group}: ${money(-left)} over ${target}`;
}

export function BudgetAnalysisTable({ view }: { view: BudgetView }) {
  if (view.lines.length === 0) return <p className="muted">No data available</p>;
  const of = view.basis === 'income' ? 'of income' : 'of sorted spending';
  return (
    <>
      <table className="budget-table">
        <caption className="visually-hidden">
          {view.basis === 'income' ? 'Budget against income' : 'Shares of sorted spending'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Budget Variance</th>
            <th scope="col">Target</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((r) => (
            <tr key={r.group}>
              <th scope="row">
                {r.group}
                <span className="budget-actual">
                  {' '}
                  {money(r.cents)}, {r.sharePercent}% {of}
                </span>
              </th>
              <td className={`verdict verdict-${r.verdict}`}>
                {signed(r.variance)} <span className="verdict-text">{VERDICT_TEXT[r.verdict]}</span>
              </td>
              <td>{r.target}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.basis === 'income' && (
        <ul className="budget-left" aria-label="Left to each target">
          {view.lines.map((r) => (
            <li key={r.group} className={`budget-left-${r.group.toLowerCase()}`}>
              {leftText(r)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
