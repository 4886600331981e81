// Statement imports (issue 29): reading the chosen file as text, and the server's preview,
// import, list and undo. The file is checked against the limits before it is sent.
import { api, ApiError } from '@/lib/api-client';
import { IMPORT_LIMITS, IMPORT_MESSAGES, type CsvMapping, type DateFormat } from '@/domain/statement-import';

export interface PreviewRow {
  line: number;
  date: string;
  name: string;
  amount: number;
  duplicate: boolean;
  label: string | null;
}
export interface ImportPreview {
  format: 'csv' | 'ofx' | 'qfx';
  bankName: string | null;
  suggestedAccountName: string;
  csv: { columns: string[]; sample: string[][]; mapping: CsvMapping; dateFormats: DateFormat[] } | null;
  total: number;
  newCount: number;
  duplicateCount: number;
  labelledCount: number;
  firstDate: string | null;
  lastDate: string | null;
  spent: number;
  received: number;
  rows: PreviewRow[];
}
export interface StatementImport {
  id: number;
  fileName: string;
  format: string;
  accountName: string | null;
  rowCount: number;
  duplicateCount: number;
  firstDate: string | null;
  lastDate: string | null;
  createdAt: string;
}
export interface ImportResult {
  import: StatementImport | null;
  added: number;
  duplicateCount: number;
}
export interface StatementFile {
  fileName: string;
  content: string;
}

/**
 * The file as text: UTF-8, or Windows-1252 (what OFX 1.x files from US banks declare) when it
 * is not valid UTF-8. A file over the size limit or holding NUL bytes (a spreadsheet or PDF) is
 * refused here with the import's own messages.
 */
export async function readStatementFile(file: File): Promise<StatementFile> {
  if (file.size > IMPORT_LIMITS.maxFileBytes) throw new Error(IMPORT_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.includes(0)) throw new Error(IMPORT_MESSAGES.notText);
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    content = new TextDecoder('windows-1252').decode(bytes);
  }
  return { fileName: file.name.slice(0, IMPORT_LIMITS.fileNameMax), content };
}

/** The server's message (it names the line at fault), or a plain one. */
export const importErrorText = (err: unknown): string =>
  err instanceof ApiError
    ? err.status === 0
      ? 'Network error: check your connection and try again.'
      : err.message
    : err instanceof Error
      ? err.message
      : 'The file could not be imported. Please try again.';

export const importApi = {
  preview: (file: StatementFile, mapping?: CsvMapping) =>
    api.post<ImportPreview>('/statement-imports/preview', { ...file, ...(mapping ? { mapping } : {}) }),
  importFile: (file: StatementFile, opts: { mapping?: CsvMapping; accountName: string }) =>
    api.post<ImportResult>('/statement-imports', {
      ...file,
      accountName: opts.accountName,
      ...(opts.mapping ? { mapping: opts.mapping } : {}),
    }),
  list: () => api.get<StatementImport[]>('/statement-imports'),
  undo: (id: number) => api.delete<{ success: boolean; removed: number }>(`/statement-imports/${id}`),
};
