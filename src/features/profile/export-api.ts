// The profile's data export (issue 29): downloads one of the server's export files with the
// bearer token (a plain link could not send it) and hands it to the browser as a file.
import { API_BASE, ApiError, getToken } from '@/lib/api-client';

export type ExportKind = 'transactions.csv' | 'account.json';

const EXPORT_FAILED = 'The export could not be made. Please try again.';

/** The file name the server gave (Content-Disposition), else a dated one of our own. */
function fileNameOf(res: Response, kind: ExportKind): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? `budget-quest-${kind}`;
}

/** Downloads the export and saves it under its dated name; answers that name. */
export async function downloadExport(kind: ExportKind): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/export/${kind}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('Network error: check your connection and try again.', 0, null, 'NETWORK');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(body?.error ?? EXPORT_FAILED, res.status, body);
  }
  const blob = await res.blob();
  const name = fileNameOf(res, kind);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the file to the browser; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return name;
}
