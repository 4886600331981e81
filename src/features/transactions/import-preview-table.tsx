// The rows an import would store, as the server read them (issue 29): date, description, the
// signed amount in words and sign (colour is never the only signal), the label it would take, and
// rows already imported.
import { formatDate, formatSignedAmount } from '@/domain/format';
import { BadgeFace, badgeClass } from '@/components/transactions/category-badge';
import type { PreviewRow } from './import-api';

export function ImportPreviewTable({ rows, total }: { rows: PreviewRow[]; total: number }) {
  return (
    <div className="import-table-wrap">
      <table className="import-table">
        <caption className="muted small">
          {rows.length < total ? `The first ${rows.length} of ${total} rows` : `All ${total} rows`}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="col-line">
              Line
            </th>
            <th scope="col">Date</th>
            <th scope="col">Description</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col" className="col-label">
              Label
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const amount = formatSignedAmount(r.amount);
            return (
              <tr key={r.line} className={r.duplicate ? 'import-dup' : undefined}>
                <td className="col-line">{r.line}</td>
                <td>{formatDate(r.date)}</td>
                <td>
                  {r.name}
                  {r.duplicate && <span className="badge badge-pending">Already imported</span>}
                  {/* On a phone the label column folds in under the description. */}
                  {r.label && (
                    <span className={`${badgeClass(r.label)} label-inline`}>
                      <BadgeFace label={r.label} />
                    </span>
                  )}
                </td>
                <td className="num">
                  <span className={`tx-amount tx-${amount.direction}`}>
                    <span className="visually-hidden">
                      {amount.direction === 'income' ? 'Income' : 'Expense'}{' '}
                    </span>
                    {amount.text}
                  </span>
                </td>
                <td className="col-label">
                  {r.label ? (
                    <span className={badgeClass(r.label)}>
                      <BadgeFace label={r.label} />
                    </span>
                  ) : (
                    <span className="muted small">None yet</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
