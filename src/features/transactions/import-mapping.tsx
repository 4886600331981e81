// The CSV part of an import's preview (issue 29): which column is the date, the description and
// the money (one signed amount, or debit and credit), the date format and the sign. Each change
// asks the server for a new preview.
import { useId } from 'react';
import {
  AMOUNT_SIGNS,
  DATE_FORMATS,
  type AmountSign,
  type CsvMapping,
  type DateFormat,
} from '@/domain/statement-import';

const SIGN_TEXT: Record<AmountSign, string> = {
  'negative-is-spent': 'Negative amounts are money spent (most bank accounts)',
  'positive-is-spent': 'Positive amounts are money spent (many card statements)',
};

interface Props {
  columns: string[];
  mapping: CsvMapping;
  /** Formats every date of the file reads in; more than one means the user should choose. */
  dateFormats: DateFormat[];
  disabled: boolean;
  onChange: (m: CsvMapping) => void;
}

export function ImportMapping({ columns, mapping, dateFormats, disabled, onChange }: Props) {
  const id = useId();
  const set = (patch: Partial<CsvMapping>) => onChange({ ...mapping, ...patch });
  const split = mapping.amount === null;
  const columnSelect = (key: 'date' | 'name' | 'amount' | 'debit' | 'credit', label: string) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select
        id={`${id}-${key}`}
        value={mapping[key] ?? ''}
        disabled={disabled}
        onChange={(e) => set({ [key]: Number(e.target.value) })}
      >
        {columns.map((c, i) => (
          <option key={i} value={i}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="import-mapping" disabled={disabled}>
      <legend>Columns</legend>
      <p className="muted small">We guessed which column is which. Check them against the rows below.</p>
      <label className="check">
        <input
          type="checkbox"
          checked={mapping.hasHeader}
          onChange={(e) => set({ hasHeader: e.target.checked })}
        />
        The first row holds column names
      </label>
      <div className="import-mapping-grid">
        {columnSelect('date', 'Date column')}
        <div className="field">
          <label htmlFor={`${id}-format`}>Date format</label>
          <select
            id={`${id}-format`}
            value={mapping.dateFormat}
            onChange={(e) => set({ dateFormat: e.target.value as DateFormat })}
          >
            {DATE_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        {columnSelect('name', 'Description column')}
      </div>
      {dateFormats.length > 1 && (
        <p className="import-note" role="note">
          These dates read both as {dateFormats.join(' and as ')}. Check the date format against your bank's
          statement.
        </p>
      )}
      <div className="import-radios" role="radiogroup" aria-label="Money columns">
        <label className="check">
          <input
            type="radio"
            name={`${id}-money`}
            checked={!split}
            onChange={() => set({ amount: mapping.debit ?? mapping.credit ?? 0, debit: null, credit: null })}
          />
          One amount column
        </label>
        <label className="check">
          <input
            type="radio"
            name={`${id}-money`}
            checked={split}
            onChange={() => {
              const free = columns.map((_, i) => i).filter((i) => i !== mapping.date && i !== mapping.name);
              set({ amount: null, debit: free[0] ?? 0, credit: free[1] ?? free[0] ?? 0 });
            }}
          />
          Debit and credit columns
        </label>
      </div>
      {split ? (
        <div className="import-mapping-grid">
          {columnSelect('debit', 'Debit column (money out)')}
          {columnSelect('credit', 'Credit column (money in)')}
        </div>
      ) : (
        <>
          <div className="import-mapping-grid">{columnSelect('amount', 'Amount column')}</div>
          <div className="import-radios" role="radiogroup" aria-label="Sign of amounts">
            {AMOUNT_SIGNS.map((s) => (
              <label key={s} className="check">
                <input
                  type="radio"
                  name={`${id}-sign`}
                  checked={mapping.sign === s}
                  onChange={() => set({ sign: s })}
                />
                {SIGN_TEXT[s]}
              </label>
            ))}
          </div>
        </>
      )}
    </fieldset>
  );
}
