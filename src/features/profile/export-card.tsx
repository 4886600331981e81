// "Your data": the two export files of issue 29, each its own button with its own progress.
import { useState } from 'react';
import { notify } from '@/lib/events';
import { downloadExport, type ExportKind } from './export-api';
import './export-card.css';

const FILES: { kind: ExportKind; label: string; busy: string; what: string }[] = [
  {
    kind: 'transactions.csv',
    label: 'Download transactions (CSV)',
    busy: 'Preparing CSV…',
    what: 'Every transaction: from your bank, imported statements and your own expenses, with date, name, merchant, amount, account, label, pending and transfer. Opens in any spreadsheet.',
  },
  {
    kind: 'account.json',
    label: 'Download all my data (JSON)',
    busy: 'Preparing JSON…',
    what: 'Everything your account holds: profile, budget settings, progress and its history, quests, labels, linked banks (never their access keys), imports and transactions.',
  },
];

export function ExportCard() {
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const run = async (kind: ExportKind) => {
    setBusy(kind);
    try {
      const name = await downloadExport(kind);
      notify(`Downloaded ${name}.`, 'success');
    } catch (err) {
      notify(err instanceof Error ? err.message : 'The export could not be made. Please try again.', 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="card export-card" aria-labelledby="export-title">
      <h2 id="export-title">Your data</h2>
      <p className="muted small">
        Take a copy of your data with you at any time. Files are named with today's date.
      </p>
      <ul className="export-files">
        {FILES.map((f) => (
          <li key={f.kind}>
            <button
              type="button"
              className="btn btn-block"
              onClick={() => void run(f.kind)}
              disabled={busy !== null}
              aria-busy={busy === f.kind}
            >
              {busy === f.kind ? f.busy : f.label}
            </button>
            <p className="muted small">{f.what}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
