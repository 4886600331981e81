// SPEC 2 50/30/20 budget display: the three groups of a monthly income and their examples.
import { splitIncome, BUDGET_GROUPS, BUDGET_TARGETS, type BudgetGroup } from '@/domain/budget';
import { formatMoney } from '@/domain/format';
import './budget-widgets.css';

const EXAMPLES: Record<BudgetGroup, string> = {
  Needs: 'rent, groceries, utilities, minimum debt payments',
  Wants: 'dining out, entertainment, hobbies, shopping',
  Savings: 'emergency fund, retirement, investments',
};

export function BudgetDisplay({ monthlyIncome }: { monthlyIncome: number }) {
  const parts = splitIncome(monthlyIncome);
  return (
    <section className="card budget-display" aria-labelledby="budget-display-title">
      <h2 id="budget-display-title">Your 50/30/20 Budget</h2>
      <p className="muted">Based on {formatMoney(monthlyIncome)} monthly income</p>
      <ul>
        {BUDGET_GROUPS.map((g) => (
          <li key={g} className={`budget-group budget-group-${g.toLowerCase()}`}>
            <span className="budget-group-name">
              {g} ({BUDGET_TARGETS[g]}%)
            </span>
            <span className="budget-group-amount">{formatMoney(parts[g])}</span>
            <span className="budget-group-examples">{EXAMPLES[g]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
