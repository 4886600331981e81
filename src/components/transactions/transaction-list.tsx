// A list of bank transactions: budget category badge, date, signed amount and a Pending flag.
import type { Transaction } from '@/bank/api';
import { formatDate, formatSignedAmount } from '@/domain/format';
import { labelOf } from '@/domain/transaction-view';
import { BadgeFace, TransferFlag, badgeClass } from './category-badge';

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
        const category = labelOf(t);
        return (
          <li key={t.plaidId ?? t.id} className="tx-row">
            <div className="tx-main">
              <span className="tx-name">{t.merchant_name || t.name}</span>
              <span className="tx-meta">
                <span className={badgeClass(category)}>
                  <BadgeFace label={category} />
                </span>
                <time dateTime={t.date}>{formatDate(t.date)}</time>
                {t.pending && <span className="badge badge-pending">Pending</span>}
                {t.transfer && <TransferFlag />}
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
