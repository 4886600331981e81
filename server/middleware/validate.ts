// Turns a request body into typed input, or a 400 whose `error` says what to fix. Every string
// anywhere in the body is checked here, once, for text no column can hold (NUL, lone surrogates).
import { z } from 'zod';
import { badRequest } from '../lib/errors';
import { isStorableText } from '../lib/text';

/** Message to answer when a required field is absent, null or blank. */
export type RequiredMessages = Record<string, string>;

export const INVALID_TEXT = 'Text must not contain NUL characters or invalid Unicode';
/** How deep a body may nest; our bodies are at most three levels. */
const MAX_DEPTH = 8;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The first string in `value` (keys included) that cannot be stored, as a field path. */
function findBadText(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (typeof value !== 'object' || value === null) return null;
  if (depth > MAX_DEPTH) throw badRequest('Request body is nested too deeply');
  for (const [k, v] of Object.entries(value)) {
    const here = Array.isArray(value) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
    if (!isStorableText(k)) return path || 'body';
    const bad = findBadText(v, here, depth + 1);
    if (bad !== null) return bad;
  }
  return null;
}

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
  const bad = findBadText(input, '', 0);
  if (bad !== null) throw badRequest(`${bad}: ${INVALID_TEXT}`);
  for (const [field, message] of Object.entries(required)) {
    if (isBlank((input as Record<string, unknown>)[field])) throw badRequest(message);
  }
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(describe(result.error.issues[0]));
  return result.data;
}
