// One bank transaction in the full list: a selection box, the name, the label badge (a control),
// the spec's date, signed amount and 'Pending' flag, a transfer mark, and its account.
import { memo } from 'react';
import { formatDate, formatSignedAmount } from '@/domain/format';
import { labelOf } from '@/domain/transaction-view';
import { TransferFlag } from '@/components/transactions/category-badge';
import type { Transaction } from '@/bank/api';
import { LabelMenu, type LabelChoice } from './label-menu';

interface Props {
  t: Transaction;
  account: string | null;
  selected: boolean;
  /** Its position in the list and its height, in px (numbers, so memo skips rows that stay). */
  top: number;
  height: number;
  onToggle: (plaidId: string) => void;
  onPick: (t: Transaction, label: LabelChoice) => void;
}

export const TxRow = memo(function TxRow({ t, account, selected, top, height, onToggle, onPick }: Props) {
  const amount = formatSignedAmount(t.amount);
  const name = t.merchant_name || t.name;
  const date = formatDate(t.date);
  const rowName = `${name}, ${date}, ${amount.text}`;
  return (
    <li className={`txv-row${selected ? ' is-selected' : ''}`} style={{ top, height }}>
      <label className="txv-check">
        <input type="checkbox" checked={selected} onChange={() => onToggle(t.plaidId)} />
        <span className="visually-hidden">Select {rowName}</span>
      </label>
      <div className="txv-main">
        <span className="txv-line">
          <span className="tx-name" title={t.name}>
            {name}
          </span>
          <span className={`tx-amount tx-${amount.direction}`}>
            <span className="visually-hidden">{amount.direction === 'income' ? 'Income' : 'Expense'} </span>
            {amount.text}
          </span>
        </span>
        <span className="txv-flags">
          <LabelMenu
            label={labelOf(t)}
            rowName={rowName}
            plaidId={t.plaidId}
            onPick={(label) => onPick(t, label)}
          />
          {t.pending && <span className="badge badge-pending">Pending</span>}
          {t.transfer && <TransferFlag />}
        </span>
        <span className="txv-sub">
          {account && <span className="txv-account">{account} · </span>}
          <time dateTime={t.date}>{date}</time>
        </span>
      </div>
    </li>
  );
});
