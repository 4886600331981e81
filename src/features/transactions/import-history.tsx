// Earlier statement imports (issue 29), newest first, each undone as a whole after a question.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ConfirmButton } from '@/components/dialog';
import { formatDate } from '@/domain/format';
import { notify } from '@/lib/events';
import { invalidateAfter } from '@/bank/queries';
import { importApi, importErrorText } from './import-api';

const IMPORTS_KEY = ['statement-imports'] as const;

/** After an import or an undo: the imports, and the bank lists they change, reload. */
export function useImportChanged(): () => Promise<unknown> {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([client.invalidateQueries({ queryKey: IMPORTS_KEY }), invalidateAfter('import', client)]),
    [client],
  );
}

export function ImportHistory() {
  const imports = useQuery({ queryKey: IMPORTS_KEY, queryFn: importApi.list });
  const changed = useImportChanged();
  const list = imports.data ?? [];
  if (list.length === 0) return null;
  const undo = async (id: number, name: string) => {
    try {
      const res = await importApi.undo(id);
      await changed();
      notify(`Import of ${name} undone: ${res.removed} transactions removed.`, 'success');
    } catch (err) {
      notify(importErrorText(err), 'error');
    }
  };
  return (
    <div className="import-history">
      <h3>Your imports</h3>
      <ul>
        {list.map((i) => (
          <li key={i.id}>
            <div>
              <strong>{i.fileName}</strong>
              <span className="muted small">
                {' '}
                {i.rowCount} transactions into {i.accountName ?? 'an account'}
                {i.firstDate && i.lastDate
                  ? `, ${formatDate(i.firstDate)} to ${formatDate(i.lastDate)}`
                  : ''}{' '}
                · imported {formatDate(i.createdAt)}
              </span>
            </div>
            <ConfirmButton
              className="btn btn-sm"
              aria-label={`Undo import of ${i.fileName}`}
              title="Undo this import?"
              message={
                <p>
                  The {i.rowCount} transactions imported from {i.fileName} will be removed, with any labels
                  you gave them. You can import the file again later.
                </p>
              }
              confirmLabel="Undo import"
              danger
              onConfirm={() => undo(i.id, i.fileName)}
            >
              Undo import
            </ConfirmButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
