// "Your data is yours" (issue 29): every transaction as one CSV, and everything the account holds
// as one JSON file, written a page of rows at a time to `write` (which waits while the client is
// slow), so an export's memory does not grow with its length. No token, password hash, cursor or
// secret is ever read.
import type { AppDeps } from '../deps';
import { dataExportRepo, type ExportTxRow } from '../repositories/data-export-repo';
import { statementImportsRepo } from '../repositories/statement-imports-repo';
import { csvLine, csvText, UTF8_BOM } from '../lib/csv';
import { findOwnTransfers } from '../../src/domain/transfers';
import { accountFields } from './account-fields';

/** Writes one chunk; resolves when the client can take more. */
export type Sink = (chunk: string) => Promise<void>;

export const CSV_COLUMNS = [
  'date',
  'name',
  'merchant',
  'amount',
  'account',
  'label',
  'pending',
  'transfer',
  'source',
] as const;

const money = (cents: number | string) => (Number(cents) / 100).toFixed(2);
const iso = (ms: number | string | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();

/** YYYY-MM-DD of `now` in `timeZone` (UTC when none is known or it is not valid). */
function dayIn(now: Date, timeZone: string | undefined): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timeZone || 'UTC' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function dataExportService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = dataExportRepo(deps.db);
  const labels = statementImportsRepo(deps.db);

  async function transferIds(userId: number): Promise<Set<string>> {
    const rows = await repo.transferCandidates(userId);
    return findOwnTransfers(
      rows.map((r) => ({
        plaidId: r.plaid_id,
        account_id: r.account_id,
        amount: Number(r.amount_cents) / 100,
        date: r.date,
        personal_finance_category: r.pfc_primary,
      })),
    );
  }
  const accountLabel = (r: ExportTxRow) =>
    r.account_name ? `${r.account_name}${r.account_mask ? ` •••• ${r.account_mask}` : ''}` : '';

  return {
    /** The file names of today's exports, dated in the user's time zone. */
    async fileNames(userId: number) {
      const state = (await repo.progress(userId)) as { timeZone?: string } | null;
      const day = dayIn(deps.clock.now(), state?.timeZone);
      return { csv: `budget-quest-transactions-${day}.csv`, json: `budget-quest-data-${day}.json` };
    },

    /** Bank, imported and manual transactions: the columns of CSV_COLUMNS, newest first. */
    async writeTransactionsCsv(userId: number, write: Sink): Promise<number> {
      const transfers = await transferIds(userId);
      let count = 0;
      await write(UTF8_BOM + csvLine([...CSV_COLUMNS]));
      for await (const page of repo.transactions(userId)) {
        let out = '';
        for (const r of page) {
          out += csvLine([
            r.date,
            csvText(r.name),
            csvText(r.merchant_name),
            money(r.amount_cents),
            csvText(accountLabel(r)),
            csvText(r.budget_category),
            r.pending ? 'yes' : 'no',
            transfers.has(r.plaid_id) ? 'yes' : 'no',
            r.import_id === null ? 'bank' : 'imported',
          ]);
        }
        count += page.length;
        await write(out);
      }
      for await (const page of repo.manual(userId)) {
        let out = '';
        for (const m of page) {
          out += csvLine([
            csvText(m.date.slice(0, 10)),
            csvText(m.name),
            '',
            money(m.amount_cents),
            'Manual expenses',
            csvText(m.category),
            'no',
            'no',
            'manual',
          ]);
        }
        count += page.length;
        await write(out);
      }
      return count;
    },

    /**
     * Everything the account holds as one JSON document, the transaction lists written a page at
     * a time: profile, budget settings, progress and its history, quests, labels, linked banks and
     * accounts (no token), imports, recurring streams and their reviews, transactions and manual
     * expenses.
     */
    async writeAccountJson(userId: number, write: Sink): Promise<void> {
      const [profile, progress, ledger, items, institutions, accounts, imports, labelRows, streams, reviews] =
        await Promise.all([
          repo.profile(userId),
          repo.progress(userId) as Promise<Record<string, unknown> | null>,
          repo.ledger(userId),
          repo.items(userId),
          repo.linkedInstitutions(userId),
          repo.accounts(userId),
          repo.imports(userId),
          labels.labelCounts(userId),
          repo.recurringStreams(userId),
          repo.streamReviews(userId),
        ]);
      const transfers = await transferIds(userId);
      const { settings, quests, history, ...rest } = progress ?? {};
      const head = {
        format: 'budget-quest-export',
        version: 1,
        exportedAt: deps.clock.now().toISOString(),
        profile: profile
          ? { id: profile.id, email: profile.email, createdAt: iso(profile.created_at) }
          : null,
        budgetSettings: settings ?? {},
        progress: rest,
        progressHistory: history ?? [],
        progressLedger: ledger.map((e) => ({ ...e, at: iso(e.at) })),
        quests: quests ?? {},
        labels: labelRows.map((l) => ({
          name: l.name,
          merchant: l.merchant_name,
          label: l.budget_category,
          transactions: l.n,
        })),
        linkedInstitutions: {
          current: items.map((i) => ({
            institutionId: i.institution_id,
            institutionName: i.institution_name,
            status: i.status,
            linkedAt: iso(i.created_at),
          })),
          everLinked: institutions.map((i) => ({
            institutionId: i.institution_id,
            firstLinkedAt: iso(i.created_at),
          })),
        },
        accounts: accounts.map((a) => ({
          ...accountFields(a),
          currency: a.iso_currency_code,
          importedFrom: a.imported_from,
        })),
        statementImports: imports.map((i) => ({ ...i, created_at: iso(i.created_at as number) })),
        recurringStreams: streams.map((r) => ({
          streamId: r.stream_id,
          accountId: r.account_id,
          direction: r.direction,
          merchant: r.merchant_name,
          description: r.description,
          frequency: r.frequency,
          averageAmount: Number(r.average_amount_cents) / 100,
          lastAmount: Number(r.last_amount_cents) / 100,
          firstDate: r.first_date,
          lastDate: r.last_date,
          predictedNextDate: r.predicted_next_date,
          status: r.status,
          isActive: Boolean(r.is_active),
        })),
        streamReviews: reviews.map((r) => ({
          streamId: r.stream_id,
          decision: r.decision,
          reviewedOn: r.reviewed_on,
          outcome: r.outcome,
          paidAt: r.paid_at === null ? null : iso(r.paid_at as number),
        })),
      };
      // The document is written open-ended, then each list a page at a time.
      await write(`${JSON.stringify(head).slice(0, -1)},"transactions":[`);
      let first = true;
      for await (const page of repo.transactions(userId)) {
        const parts = page.map((r) =>
          JSON.stringify({
            id: r.plaid_id,
            date: r.date,
            name: r.name,
            merchant: r.merchant_name,
            amount: Number(r.amount_cents) / 100,
            accountId: r.account_id,
            account: accountLabel(r) || null,
            label: r.budget_category,
            pending: Boolean(r.pending),
            transfer: transfers.has(r.plaid_id),
            source: r.import_id === null ? 'bank' : 'imported',
            importId: r.import_id,
          }),
        );
        await write((first ? '' : ',') + parts.join(','));
        first = false;
      }
      await write('],"manualExpenses":[');
      first = true;
      for await (const page of repo.manual(userId)) {
        const parts = page.map((m) =>
          JSON.stringify({
            id: m.id,
            date: m.date,
            name: m.name,
            amount: Number(m.amount_cents) / 100,
            category: m.category,
          }),
        );
        await write((first ? '' : ',') + parts.join(','));
        first = false;
      }
      await write(']}');
    },
  };
}
export type DataExportService = ReturnType<typeof dataExportService>;
