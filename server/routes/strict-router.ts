// API routes match exactly as written: `/api/auth/LOGIN` or `/api/auth/login/` are 404, so no
// other spelling of a path can reach a handler (and, say, a fresh rate-limit budget).
import { Router } from 'express';

export const strictRouter = (): Router => Router({ caseSensitive: true, strict: true });
