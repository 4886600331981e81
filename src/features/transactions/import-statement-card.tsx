// "Import a statement" on Transactions (issue 29): for a bank Plaid cannot reach. Choose a CSV,
// OFX or QFX file, check the preview (and for a CSV, the columns and the sign), name the account,
// import; the result can be undone, and so can any earlier import (./import-history.tsx).
import { useId, useRef, useState } from 'react';
import { formatDate, formatMoney } from '@/domain/format';
import { IMPORT_LIMITS, type CsvMapping } from '@/domain/statement-import';
import {
  importApi,
  importErrorText,
  readStatementFile,
  type ImportPreview,
  type ImportResult,
  type StatementFile,
} from './import-api';
import { ImportMapping } from './import-mapping';
import { ImportPreviewTable } from './import-preview-table';
import { ImportHistory, useImportChanged } from './import-history';

interface Previewing {
  file: StatementFile;
  preview: ImportPreview;
  mapping: CsvMapping | undefined;
  accountName: string;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function ImportStatementCard() {
  const inputId = useId();
  const accountId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<Previewing | null>(null);
  const [busy, setBusy] = useState<'reading' | 'preview' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const changed = useImportChanged();

  const reset = () => {
    setState(null);
    setError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const choose = async (list: FileList | null) => {
    const picked = list?.[0];
    if (!picked) return;
    setError(null);
    setResult(null);
    setState(null);
    setBusy('reading');
    try {
      const file = await readStatementFile(picked);
      const preview = await importApi.preview(file);
      setState({ file, preview, mapping: preview.csv?.mapping, accountName: preview.suggestedAccountName });
    } catch (err) {
      setError(importErrorText(err));
    } finally {
      setBusy(null);
    }
  };

  const remap = async (mapping: CsvMapping) => {
    if (!state) return;
    setState({ ...state, mapping });
    setBusy('preview');
    setError(null);
    try {
      const preview = await importApi.preview(state.file, mapping);
      setState((s) => (s ? { ...s, preview, mapping } : s));
    } catch (err) {
      setError(importErrorText(err));
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    if (!state) return;
    setBusy('import');
    setError(null);
    try {
      const res = await importApi.importFile(state.file, {
        mapping: state.preview.csv ? state.mapping : undefined,
        accountName: state.accountName.trim() || state.preview.suggestedAccountName,
      });
      await changed();
      setResult(res);
      reset();
    } catch (err) {
      setError(importErrorText(err));
    } finally {
      setBusy(null);
    }
  };

  const p = state?.preview;
  return (
    <section className="card import-card" aria-labelledby="import-heading">
      <h2 id="import-heading">Import a statement</h2>
      <p className="muted small">
        Bank not available through Plaid? Download a statement from your bank's website as CSV, OFX or QFX and
        import it here. Its transactions count in your budget like linked ones, take the labels you gave the
        same merchants, and are never added twice. Up to {Math.round(IMPORT_LIMITS.maxFileBytes / 1024)} KB
        and {IMPORT_LIMITS.maxRows.toLocaleString('en-US')} transactions a file.
      </p>
      <div className="field">
        <label htmlFor={inputId}>Statement file (CSV, OFX or QFX)</label>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept=".csv,.ofx,.qfx,.txt,text/csv,application/x-ofx"
          disabled={busy !== null}
          onChange={(e) => void choose(e.target.files)}
        />
      </div>
      {busy === 'reading' && (
        <p className="muted" role="status">
          <span className="btn-spinner" aria-hidden="true" /> Reading the file…
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div className="form-success import-result" role="status">
          {result.import
            ? `Imported ${plural(result.added, 'transaction')} into ${result.import.accountName ?? 'your account'}.${
                result.duplicateCount
                  ? ` ${plural(result.duplicateCount, 'row was', 'rows were')} already there.`
                  : ''
              }`
            : `Nothing new: all ${plural(result.duplicateCount, 'transaction')} of this file were imported before.`}
        </div>
      )}
      {state && p && (
        <form
          className="form import-preview"
          aria-labelledby="import-preview-heading"
          aria-busy={busy !== null}
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <h3 id="import-preview-heading">Preview of {state.file.fileName}</h3>
          <p className="import-summary">
            {plural(p.total, 'transaction')}
            {p.firstDate && p.lastDate ? ` from ${formatDate(p.firstDate)} to ${formatDate(p.lastDate)}` : ''}
            : <strong>{plural(p.newCount, 'new one', 'new ones')}</strong>
            {p.duplicateCount
              ? `, ${plural(p.duplicateCount, 'already imported', 'already imported')}`
              : ''}. {p.newCount > 0 && `Spent ${formatMoney(p.spent)}, received ${formatMoney(p.received)}.`}
            {p.labelledCount > 0 &&
              ` ${plural(p.labelledCount, 'row takes', 'rows take')} a label you gave before.`}
          </p>
          {p.csv && state.mapping && (
            <ImportMapping
              columns={p.csv.columns}
              mapping={state.mapping}
              dateFormats={p.csv.dateFormats}
              disabled={busy !== null}
              onChange={(m) => void remap(m)}
            />
          )}
          <div className="field">
            <label htmlFor={accountId}>Account name</label>
            <input
              id={accountId}
              value={state.accountName}
              maxLength={IMPORT_LIMITS.accountNameMax}
              onChange={(e) => setState({ ...state, accountName: e.target.value })}
              aria-describedby={`${accountId}-hint`}
            />
            <span id={`${accountId}-hint`} className="hint">
              Rows go to the account of this name: a new one, or one an earlier import made.
            </span>
          </div>
          <ImportPreviewTable rows={p.rows} total={p.total} />
          <div className="row import-actions">
            <button type="submit" className="btn btn-primary" disabled={busy !== null || p.newCount === 0}>
              {busy === 'import'
                ? 'Importing…'
                : p.newCount === 0
                  ? 'Nothing new to import'
                  : `Import ${plural(p.newCount, 'transaction')}`}
            </button>
            <button type="button" className="btn" onClick={reset} disabled={busy === 'import'}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ImportHistory />
    </section>
  );
}
