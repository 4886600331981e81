// /api/statement-imports: a bank statement file (CSV, OFX, QFX) previewed, imported, listed and
// undone (issue 29). The file comes as text in a JSON body; its limits are the domain's.
import type { RequestHandler, Router } from 'express';
import { z } from 'zod';
import { perUserLimit } from '../middleware/per-user-limit';
import { strictRouter } from './strict-router';
import { badRequest } from '../lib/errors';
import { isStorableText } from '../lib/text';
import { parseBody } from '../middleware/validate';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import { THROTTLE_PREFIX } from '../services/throttle-keys';
import {
  AMOUNT_SIGNS,
  DATE_FORMATS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
} from '../../src/domain/statement-import';

const col = z.number({ error: 'Columns are numbers' }).int().min(0).max(199);
const mappingSchema = z.strictObject({
  hasHeader: z.boolean(),
  date: col,
  dateFormat: z.enum(DATE_FORMATS, { error: 'Unknown date format' }),
  name: col,
  amount: col.nullable(),
  debit: col.nullable(),
  credit: col.nullable(),
  sign: z.enum(AMOUNT_SIGNS, { error: 'Unknown sign' }),
  decimal: z.enum(['.', ','], { error: 'The decimal mark is . or ,' }),
});
const fileFields = {
  fileName: z
    .string({ error: 'fileName must be text' })
    .trim()
    .min(1, 'fileName is required')
    .max(IMPORT_LIMITS.fileNameMax, `fileName must be at most ${IMPORT_LIMITS.fileNameMax} characters`),
  // The byte limit is checked by the service (413 with its message); JSON's own limit bounds this.
  content: z.string({ error: 'content must be the file as text' }),
  mapping: mappingSchema.optional(),
};
const previewBody = z.strictObject(fileFields);
const importBody = z.strictObject({
  ...fileFields,
  accountName: z
    .string({ error: 'accountName must be text' })
    .trim()
    .max(
      IMPORT_LIMITS.accountNameMax,
      `accountName must be at most ${IMPORT_LIMITS.accountNameMax} characters`,
    )
    .optional(),
});
const REQUIRED = { fileName: 'fileName is required', content: IMPORT_MESSAGES.empty };

/** A binary file (NUL bytes) gets the import's own message rather than the generic one. */
function checkText(body: unknown): void {
  const content = (body as { content?: unknown } | undefined)?.content;
  if (typeof content === 'string' && !isStorableText(content)) throw badRequest(IMPORT_MESSAGES.notText);
}

export function statementImportRoutes(
  { statementImports, system }: AppServices,
  signedIn: RequestHandler,
): Router {
  const r = strictRouter();
  r.use(signedIn);
  const perUser = (limit: number, prefix: string, error: string) =>
    perUserLimit({
      windowMs: 60 * 60_000,
      limit,
      error,
      // A file that fails stores nothing and does not use up the hour's budget.
      skipFailedRequests: true,
      store: system.rateLimitStore(prefix),
    });
  const imports = perUser(
    IMPORT_LIMITS.importsPerHour,
    THROTTLE_PREFIX.statementImport,
    IMPORT_MESSAGES.tooMany,
  );
  const previews = perUser(
    IMPORT_LIMITS.previewsPerHour,
    THROTTLE_PREFIX.statementPreview,
    IMPORT_MESSAGES.tooManyPreviews,
  );

  r.get('/', async (req, res) => {
    res.json(await statementImports.list(currentUser(req).id));
  });
  r.post('/preview', previews, async (req, res) => {
    checkText(req.body);
    const body = parseBody(previewBody, req.body, REQUIRED);
    res.json(await statementImports.preview(currentUser(req).id, body));
  });
  r.post('/', imports, async (req, res) => {
    checkText(req.body);
    const body = parseBody(importBody, req.body, REQUIRED);
    res.status(201).json(await statementImports.importFile(currentUser(req).id, body));
  });
  r.delete('/:id', async (req, res) => {
    if (!/^\d{1,15}$/.test(req.params.id)) throw badRequest('Import id must be a number');
    res.json(await statementImports.undo(currentUser(req).id, Number(req.params.id)));
  });
  return r;
}
