// The Financial Guru quest's article (SPEC 2 "Quest sub-pages"): the 50/30/20 method, a worked
// $3,000 example computed by the budget maths, benefits and tips. 'Complete Quest' at the end
// finishes the quest through the progression module (5 lives and 50 XP, once).
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { PageHeader } from '@/components/page-header';
import { budgetFrequencyAtom, budgetIncomeAtom, yearlyIncomeBudgetAtom } from '@/lib/atoms';
import { completeQuest, livesValueAtom, questStateValueAtom } from '@/lib/progression';
import { ROUTES } from '@/lib/routes';
import { BUDGET_GROUPS, BUDGET_TARGETS, splitIncome, type BudgetGroup } from '@/domain/budget';
import { formatMoney } from '@/domain/format';
import { monthlyCents, statedIncome } from '@/domain/income';
import { questReward } from '@/domain/progression';
import { isCompleted } from '@/domain/quests';
import { rewardPromise, rewardText } from '@/domain/reward-text';
import './quest-subpages.css';

const QUEST = 'financial-guru';
/** The article's example: a take-home pay of $3,000 a month. */
const EXAMPLE_INCOME = 3000;

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const GROUPS: Record<BudgetGroup, { label: string; examples: string }> = {
  Needs: {
    label: 'Needs',
    examples: 'Bills you must pay to live and work: rent, groceries, utilities, minimum debt payments.',
  },
  Wants: {
    label: 'Wants',
    examples: 'What makes life enjoyable but could be cut: dining out, entertainment, hobbies, shopping.',
  },
  Savings: {
    label: 'Savings',
    examples:
      'Money for your future self: emergency fund, retirement, investments (and extra debt payments).',
  },
};

const BENEFITS = [
  ['Simple to remember', 'Three numbers replace a spreadsheet of categories.'],
  ['Balanced', 'It leaves room for what you enjoy today while paying your future.'],
  ['Builds savings automatically', 'A fifth of every paycheck goes to savings before it can be spent.'],
  ['Flexible', 'It works at any income and follows you as your pay changes.'],
  ['Shows where to look', 'When a bucket runs over, you know which one to trim.'],
] as const;

const TIPS = [
  'Start from your after-tax income: what actually reaches your account each month.',
  'Track one month of spending and sort each expense into Need, Want or Savings.',
  'Pay yourself first: move the 20% to savings on payday, ideally automatically.',
  'Build an emergency fund of 3 to 6 months of expenses before you invest.',
  'If needs take more than half, trim wants first and treat 50/30/20 as a target, not a law.',
  'Review your budget every month and adjust as life changes.',
] as const;

export function Page() {
  const navigate = useNavigate();
  const backToQuests = () => navigate(ROUTES.quests);
  return (
    <main className="page quest-page">
      <PageHeader title="The 50/30/20 Budgeting Method">
        <button type="button" className="btn" onClick={backToQuests}>
          Back to Quests
        </button>
      </PageHeader>
      <article className="card article">
        <p className="muted">
          This article is lesson 1 of <Link to={ROUTES.learn}>Learn</Link>, where three questions check it.
        </p>
        <p className="article-lead">
          The 50/30/20 rule is a simple way to budget: split your <strong>after-tax income</strong>, the money
          you take home once taxes are paid, into three buckets.
        </p>
        <HowItWorks />
        <Example />
        <section aria-labelledby="benefits-title">
          <h2 id="benefits-title">Benefits</h2>
          <ul className="article-list">
            {BENEFITS.map(([title, text]) => (
              <li key={title}>
                <strong>{title}:</strong> {text}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="tips-title">
          <h2 id="tips-title">Tips for Getting Started</h2>
          <ol className="article-list">
            {TIPS.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ol>
        </section>
      </article>
      <FinishCard onBack={backToQuests} />
    </main>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="how-title">
      <h2 id="how-title">How It Works</h2>
      <ul className="split-list">
        {BUDGET_GROUPS.map((g) => (
          <li key={g} className={`split-item split-${g.toLowerCase()}`}>
            <span className="split-share">{BUDGET_TARGETS[g]}%</span>
            <span>
              <strong>{GROUPS[g].label}</strong>
              <span className="muted"> {GROUPS[g].examples}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Example() {
  const parts = splitIncome(EXAMPLE_INCOME);
  return (
    <section aria-labelledby="example-title">
      <h2 id="example-title">An Example: {dollars.format(EXAMPLE_INCOME)} a Month</h2>
      <p>
        Say you take home {dollars.format(EXAMPLE_INCOME)} a month after taxes. The rule splits it like this:
      </p>
      <div className="split-bar" aria-hidden="true">
        {BUDGET_GROUPS.map((g) => (
          <span key={g} className={`split-${g.toLowerCase()}`} style={{ flexGrow: BUDGET_TARGETS[g] }}>
            {BUDGET_TARGETS[g]}%
          </span>
        ))}
      </div>
      <table className="example-table">
        <caption className="visually-hidden">
          The 50/30/20 split of {dollars.format(EXAMPLE_INCOME)} a month
        </caption>
        <thead>
          <tr>
            <th scope="col">Bucket</th>
            <th scope="col">Share</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {BUDGET_GROUPS.map((g) => (
            <tr key={g}>
              <th scope="row">{GROUPS[g].label}</th>
              <td>{BUDGET_TARGETS[g]}%</td>
              <td>{dollars.format(parts[g])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>100%</td>
            <td>{dollars.format(EXAMPLE_INCOME)}</td>
          </tr>
        </tfoot>
      </table>
      <YourSplit />
    </section>
  );
}

/** Issue 24: the same split of the player's own stated income, by the rule Home and the quests use. */
function YourSplit() {
  const budgetIncome = useAtomValue(budgetIncomeAtom);
  const budgetFrequency = useAtomValue(budgetFrequencyAtom);
  const yearlyIncomeBudget = useAtomValue(yearlyIncomeBudgetAtom);
  const stated = statedIncome({ budgetIncome, budgetFrequency, yearlyIncomeBudget });
  if (!stated) return null;
  const monthly = monthlyCents(stated.yearlyCents) / 100;
  const parts = splitIncome(monthly);
  return (
    <p data-testid="your-split">
      With your stated income of {formatMoney(monthly)} a month, that is {formatMoney(parts.Needs)} for needs,{' '}
      {formatMoney(parts.Wants)} for wants and {formatMoney(parts.Savings)} for savings.
    </p>
  );
}

/** The end of the article: completes the quest once, then says what it paid. */
function FinishCard({ onBack }: { onBack: () => void }) {
  const stored = useAtomValue(questStateValueAtom(QUEST));
  const lives = useAtomValue(livesValueAtom);
  const [paid, setPaid] = useState<string | null>(null);
  const alreadyDone = isCompleted(stored);

  const complete = () => {
    const reward = completeQuest(QUEST);
    setPaid(rewardText(reward, lives));
  };

  return (
    <section className="card finish-card" aria-labelledby="finish-title">
      <h2 id="finish-title">{paid || alreadyDone ? 'Quest Complete!' : 'Finished Reading?'}</h2>
      {paid ? (
        <p role="status">{paid}</p>
      ) : alreadyDone ? (
        <p>You have completed the Financial Guru quest. Come back to the article any time.</p>
      ) : (
        <p>Complete the Financial Guru quest to earn {rewardPromise(questReward(QUEST))}.</p>
      )}
      <div className="row">
        {!paid && !alreadyDone && (
          <button type="button" className="btn btn-primary" onClick={complete}>
            Complete Quest
          </button>
        )}
        {(paid || alreadyDone) && (
          <button type="button" className="btn btn-primary" onClick={onBack}>
            Return to Quests
          </button>
        )}
      </div>
    </section>
  );
}
