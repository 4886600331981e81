// A list of bank transactions: budget category badge, date, signed amount and a Pending flag.
import type { Transaction } from '@/lib/bank/api';
import { formatDate, formatSignedAmount } from '@/domain/format';

const BADGE_ICON: Record<string, string> = { Need: '🏠', Want: '🛍️', Savings: '🐷', Income: '💵' };

function categoryLabel(t: Pick<Transaction, 'budget_category'>): string {
  const c = t.budget_category;
  return c && c !== 'uncategorized' ? c : 'Uncategorized';
}

export function TransactionList({
  transactions,
  label = 'Transactions',
}: {
  transactions: Transaction[];
  label?: string;
}) {
  return (
    <ul className="tx-list" aria-label={label}>
      {transactions.map((t) => {
        const amount = formatSignedAmount(t.amount);
        const category = categoryLabel(t);
        return (
          <li key={t.plaidId ?? t.id} className="tx-row">
            <div className="tx-main">
              <span className="tx-name">{t.merchant_name || t.name}</span>
              <span className="tx-meta">
                <span className={`badge badge-${category.toLowerCase()}`}>
                  <span aria-hidden="true">{BADGE_ICON[category] ?? '❔'}</span> {category}
                </span>
                <time dateTime={t.date}>{formatDate(t.date)}</time>
                {t.pending && <span className="badge badge-pending">Pending</span>}
              </span>
            </div>
            <span className={`tx-amount tx-${amount.direction}`}>
              <span className="visually-hidden">{amount.direction === 'income' ? 'Income' : 'Expense'} </span>
              {amount.text}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
