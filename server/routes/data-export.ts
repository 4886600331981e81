// /api/export: the signed-in user's data as files (issue 29), written to the response a page of
// rows at a time, waiting whenever the client is slower than the database.
import type { RequestHandler, Response, Router } from 'express';
import { strictRouter } from './strict-router';
import { currentUser } from '../middleware/require-auth';
import type { AppServices } from '../services/app-services';
import type { Sink } from '../services/data-export-service';

/** Writes to `res`, resolving once it can take more; rejects when the client went away. */
function sinkOf(res: Response): Sink {
  return (chunk) =>
    new Promise<void>((resolve, reject) => {
      if (res.destroyed) return reject(new Error('client closed the export'));
      if (res.write(chunk)) return resolve();
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        if (res.destroyed && !res.writableEnded) reject(new Error('client closed the export'));
        else resolve();
      };
      res.once('drain', done);
      res.once('close', done);
    });
}

function attachment(res: Response, type: string, fileName: string) {
  res.status(200);
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}

/** Streams one export; a failure once the file has begun cuts it off, so it never looks whole. */
async function streamTo(res: Response, work: (sink: Sink) => Promise<unknown>) {
  try {
    await work(sinkOf(res));
    res.end();
  } catch (err) {
    if (!res.headersSent) throw err;
    res.destroy();
  }
}

export function dataExportRoutes({ dataExport }: AppServices, signedIn: RequestHandler): Router {
  const r = strictRouter();
  r.use(signedIn);
  r.get('/transactions.csv', async (req, res) => {
    const userId = currentUser(req).id;
    const names = await dataExport.fileNames(userId);
    attachment(res, 'text/csv; charset=utf-8', names.csv);
    await streamTo(res, (sink) => dataExport.writeTransactionsCsv(userId, sink));
  });
  r.get('/account.json', async (req, res) => {
    const userId = currentUser(req).id;
    const names = await dataExport.fileNames(userId);
    attachment(res, 'application/json; charset=utf-8', names.json);
    await streamTo(res, (sink) => dataExport.writeAccountJson(userId, sink));
  });
  return r;
}
