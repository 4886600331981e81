// Turns a request body into typed input, or a 400 whose `error` says what to fix.
import { z } from 'zod';
import { badRequest } from '../lib/errors';

/** Message to answer when a required field is absent, null or blank. */
export type RequiredMessages = Record<string, string>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') {
    const s = issue.keys.length > 1 ? 's' : '';
    return `Unknown field${s}: ${issue.keys.join(', ')}`;
  }
  return issue.message;
}

/**
 * Parses `body` with a strict zod object schema. Missing fields are checked first, in the
 * order given, so their messages (the spec's texts) win over type or format errors.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  required: RequiredMessages = {},
): z.output<S> {
  // No body at all (no JSON content type) reads as "nothing filled in", not as a type error.
  const input: unknown = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object');
  }
  for (const [field, message] of Object.entries(required)) {
    if (isBlank((input as Record<string, unknown>)[field])) throw badRequest(message);
  }
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(describe(result.error.issues[0]));
  return result.data;
}
