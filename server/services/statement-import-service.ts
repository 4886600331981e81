// Importing bank statements (issue 29): a preview that stores nothing, the import itself (one
// database transaction: the account, the record and every new row, or nothing), the list of
// imports and undo. Rows take the label the user gives most often to the same merchant.
import type { AppDeps } from '../deps';
import { HttpError, badRequest, notFound } from '../lib/errors';
import { unitOfWork } from '../repositories/unit-of-work';
import { statementImportsRepo, type ImportListRow } from '../repositories/statement-imports-repo';
import { transactionsRepo } from '../repositories/transactions-repo';
import { readStatement, type ParsedStatement } from './statement-files';
import {
  IMPORTED_ROW_PREFIX,
  IMPORT_LIMITS,
  StatementError,
  type CsvMapping,
} from '../../src/domain/statement-import';
import { isBudgetCategory } from '../../src/domain/categories';

export interface ImportInput {
  fileName: string;
  content: string;
  mapping?: CsvMapping;
  accountName?: string;
}

/** A merchant's key for matching labels: lower case, digits and punctuation dropped. */
const labelKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The label for an imported description: the user's most used label for a merchant whose key is
 * the description's key or its first words (bank files add store numbers and towns:
 * 'STARBUCKS STORE 1234 SEATTLE' is Starbucks).
 */
function labelFinder(
  counts: { name: string; merchant_name: string | null; budget_category: string; n: number }[],
) {
  const tally = new Map<string, Map<string, number>>();
  for (const c of counts) {
    if (!isBudgetCategory(c.budget_category)) continue;
    for (const key of new Set([labelKey(c.merchant_name ?? ''), labelKey(c.name)])) {
      if (key.length < 3) continue;
      const m = tally.get(key) ?? new Map<string, number>();
      m.set(c.budget_category, (m.get(c.budget_category) ?? 0) + c.n);
      tally.set(key, m);
    }
  }
  const best = new Map<string, string>();
  for (const [key, m] of tally) best.set(key, [...m.entries()].sort((a, b) => b[1] - a[1])[0]![0]);
  return (name: string): string | null => {
    const words = labelKey(name).split(' ');
    for (let n = words.length; n >= 1; n--) {
      const label = best.get(words.slice(0, n).join(' '));
      if (label) return label;
    }
    return null;
  };
}

/** The name an import's account gets when the user gives none. */
export function defaultAccountName(p: Pick<ParsedStatement, 'bankName' | 'account'>): string {
  const base = p.bankName ?? 'Imported account';
  const name = p.account.mask ? `${base} •••• ${p.account.mask}` : base;
  return name.slice(0, IMPORT_LIMITS.accountNameMax);
}

function read(input: ImportInput): ParsedStatement {
  if (Buffer.byteLength(input.content, 'utf8') > IMPORT_LIMITS.maxFileBytes) {
    throw new HttpError(
      413,
      'This file is larger than 512 KB. Export a shorter period from your bank and import each part.',
    );
  }
  try {
    return readStatement(input.content, input.fileName, input.mapping);
  } catch (err) {
    if (err instanceof StatementError)
      throw badRequest(err.message, err.line === null ? {} : { line: err.line });
    throw err;
  }
}

const toApiImport = (r: ImportListRow) => ({
  id: r.id,
  fileName: r.file_name,
  format: r.format,
  accountId: r.account_id,
  accountName: r.account_name,
  rowCount: Number(r.row_count),
  duplicateCount: Number(r.duplicate_count),
  firstDate: r.first_date,
  lastDate: r.last_date,
  createdAt: new Date(Number(r.created_at)).toISOString(),
});

export function statementImportService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = statementImportsRepo(deps.db);
  const txs = transactionsRepo(deps.db);
  const units = unitOfWork(deps.db);
  const plaidIdOf = (fingerprint: string) => IMPORTED_ROW_PREFIX + fingerprint;

  return {
    /** What an import of this file would store, and how it read the file; stores nothing. */
    async preview(userId: number, input: ImportInput) {
      const parsed = read(input);
      const known = await txs.ownedIds(
        userId,
        parsed.rows.map((r) => plaidIdOf(r.fingerprint)),
      );
      const labelOf = labelFinder(await repo.labelCounts(userId));
      const fresh = parsed.rows.filter((r) => !known.has(plaidIdOf(r.fingerprint)));
      const dates = parsed.rows.map((r) => r.date).sort();
      return {
        format: parsed.format,
        bankName: parsed.bankName,
        suggestedAccountName: defaultAccountName(parsed),
        account: parsed.account,
        csv: parsed.csv ?? null,
        total: parsed.rows.length,
        newCount: fresh.length,
        duplicateCount: parsed.rows.length - fresh.length,
        labelledCount: fresh.filter((r) => labelOf(r.name)).length,
        firstDate: dates[0] ?? null,
        lastDate: dates[dates.length - 1] ?? null,
        spent: fresh.reduce((n, r) => n + Math.max(0, r.amountCents), 0) / 100,
        received: fresh.reduce((n, r) => n + Math.max(0, -r.amountCents), 0) / 100,
        rows: parsed.rows.slice(0, IMPORT_LIMITS.previewRows).map((r) => ({
          line: r.line,
          date: r.date,
          name: r.name,
          amount: r.amountCents / 100,
          duplicate: known.has(plaidIdOf(r.fingerprint)),
          label: labelOf(r.name),
        })),
      };
    },

    /**
     * Stores the file's new rows on the chosen (or a new) account in one database transaction.
     * Rows already stored (the same or an overlapping file) are counted, not stored again; a file
     * with nothing new stores nothing and answers `import: null`.
     */
    async importFile(userId: number, input: ImportInput) {
      const parsed = read(input);
      const now = deps.clock.now().getTime();
      const accountName = (input.accountName?.trim() || defaultAccountName(parsed)).slice(
        0,
        IMPORT_LIMITS.accountNameMax,
      );
      const result = await units.run(async (trx) => {
        const known = await txs.ownedIds(
          userId,
          parsed.rows.map((r) => plaidIdOf(r.fingerprint)),
          trx,
        );
        const fresh = parsed.rows.filter((r) => !known.has(plaidIdOf(r.fingerprint)));
        if (fresh.length === 0) return { importId: null, added: 0 };
        const labelOf = labelFinder(await repo.labelCounts(userId, trx));
        const existing = await repo.findImportAccount(userId, accountName, trx);
        const accountId =
          existing?.account_id ??
          (await repo.createImportAccount(
            userId,
            { name: accountName, ...parsed.account, imported_from: parsed.bankName },
            trx,
          ));
        const dates = fresh.map((r) => r.date).sort();
        const importId = await repo.insertImport(
          {
            user_id: userId,
            file_name: input.fileName.slice(0, IMPORT_LIMITS.fileNameMax),
            format: parsed.format,
            account_id: accountId,
            row_count: 0,
            duplicate_count: parsed.rows.length - fresh.length,
            first_date: dates[0] ?? null,
            last_date: dates[dates.length - 1] ?? null,
            created_at: now,
          },
          trx,
        );
        const added = await repo.insertRows(
          userId,
          importId,
          accountId,
          fresh.map((r) => ({
            plaid_id: plaidIdOf(r.fingerprint),
            name: r.name,
            merchant_name: null,
            amount_cents: r.amountCents,
            date: r.date,
            budget_category: labelOf(r.name),
          })),
          now,
          trx,
        );
        await repo.setRowCount(userId, importId, added, trx);
        return { importId, added };
      });
      const imp = result.importId === null ? null : await repo.find(userId, result.importId);
      return {
        import: imp ? toApiImport(imp) : null,
        added: result.added,
        duplicateCount: parsed.rows.length - result.added,
      };
    },

    async list(userId: number) {
      return (await repo.list(userId)).map(toApiImport);
    },

    /** Deletes an import and every row it stored (labels given since included). */
    async undo(userId: number, importId: number) {
      return units.run(async (trx) => {
        const imp = await repo.find(userId, importId, trx);
        if (!imp) throw notFound('Import not found');
        const removed = await repo.deleteImport(userId, imp, trx);
        return { success: true, removed };
      });
    },
  };
}
export type StatementImportService = ReturnType<typeof statementImportService>;
