// SPEC 2 budget analysis table (Category, Budget Variance, Target) with SPEC 5's good/bad rules
// shown in words as well as colour.
import { VERDICT_TEXT } from '@/domain/budget';
import type { AnalysisRow } from '@/domain/spending';
import './budget-widgets.css';

const signed = (n: number) => (n > 0 ? `+${n}%` : n < 0 ? `\u2212${-n}%` : '0%');

export function BudgetAnalysisTable({ rows }: { rows: readonly AnalysisRow[] }) {
  if (rows.length === 0) return <p className="muted">No data available</p>;
  return (
    <table className="budget-table">
      <thead>
        <tr>
          <th scope="col">Category</th>
          <th scope="col">Budget Variance</th>
          <th scope="col">Target</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.group}>
            <th scope="row">
              {r.group}
              <span className="budget-actual"> {r.actualPercent}% spent</span>
            </th>
            <td className={`verdict verdict-${r.verdict}`}>
              {signed(r.variance)} <span className="verdict-text">{VERDICT_TEXT[r.verdict]}</span>
            </td>
            <td>{r.target}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
