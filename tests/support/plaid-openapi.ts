// Validates responses against Plaid's own OpenAPI description (the file Plaid generates its
// SDKs from). The spec is parsed once per test file and its OpenAPI 3.0 schemas are turned
// into JSON Schema for Ajv: `nullable`, boolean exclusive bounds and `$ref` siblings differ.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { load } from 'js-yaml';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** A byte-identical, gzipped copy of Plaid's openapi-2020-09-14.yml; PLAID_OPENAPI overrides it. */
const VENDORED = new URL('./fixtures/plaid-openapi-2020-09-14.yml.gz', import.meta.url);
const SPEC_ID = 'plaid-openapi';

type Json = Record<string, unknown>;
interface Spec {
  paths: Record<
    string,
    { post?: { responses: Record<string, { content?: Record<string, { schema?: Json }> }> } }
  >;
  components: { schemas: Record<string, Json> };
}

/** OpenAPI 3.0 schema -> JSON Schema (draft-07) as Ajv reads it. */
function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const src = node as Json;
  if (typeof src.$ref === 'string') {
    // OpenAPI 3.0 ignores a $ref's siblings; only `nullable` is honoured, as generators do.
    const ref = { $ref: src.$ref };
    return src.nullable === true ? { anyOf: [ref, { type: 'null' }] } : ref;
  }
  const out: Json = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'nullable' || k === 'example' || k === 'discriminator' || k.startsWith('x-')) continue;
    // Maps of name -> schema: every name is kept, whatever it is called.
    out[k] = k === 'properties' || k === 'patternProperties' ? convertEach(v as Json) : toJsonSchema(v);
  }
  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const limit = bound === 'exclusiveMinimum' ? 'minimum' : 'maximum';
    if (out[bound] === true) {
      out[bound] = out[limit];
      delete out[limit];
    } else if (out[bound] === false) delete out[bound];
  }
  if (src.nullable === true) {
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else {
      return { anyOf: [out, { type: 'null' }] };
    }
  }
  return out;
}

const convertEach = (schemas: Json) =>
  Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, toJsonSchema(s)]));

let cached: { spec: Spec; ajv: Ajv; validators: Map<string, ValidateFunction> } | undefined;

function loadSpec() {
  if (cached) return cached;
  const source = process.env.PLAID_OPENAPI
    ? readFileSync(process.env.PLAID_OPENAPI, 'utf8')
    : gunzipSync(readFileSync(VENDORED)).toString('utf8');
  const spec = load(source) as Spec;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  // Plaid's own formats are annotations (numbers, identifiers), not checks.
  for (const f of ['double', 'float', 'int32', 'int64', 'binary', 'byte', 'url', 'cognito_id'])
    ajv.addFormat(f, true);
  ajv.addSchema({ $id: SPEC_ID, components: { schemas: convertEach(spec.components.schemas) } });
  cached = { spec, ajv, validators: new Map() };
  return cached;
}

function validatorFor(schemaName: string): ValidateFunction {
  const { ajv, validators } = loadSpec();
  let v = validators.get(schemaName);
  if (!v) {
    const found = ajv.getSchema(`${SPEC_ID}#/components/schemas/${schemaName}`);
    if (!found) throw new Error(`Plaid's OpenAPI has no schema ${schemaName}`);
    v = found;
    validators.set(schemaName, v);
  }
  return v;
}

const describe = (v: ValidateFunction) =>
  (v.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);

/** Errors (empty when valid) of `value` against the named component schema, e.g. 'PlaidError'. */
export function validatePlaidSchema(schemaName: string, value: unknown): string[] {
  const v = validatorFor(schemaName);
  return v(value) ? [] : describe(v);
}

/** The component schema Plaid documents for a response of `path` with HTTP `status`. */
export function responseSchemaName(path: string, status: number): string {
  const op = loadSpec().spec.paths[path]?.post;
  if (!op) throw new Error(`Plaid's OpenAPI has no POST ${path}`);
  const response = op.responses[String(status)] ?? op.responses.default;
  const ref = response?.content?.['application/json']?.schema?.$ref;
  if (typeof ref !== 'string') throw new Error(`No JSON schema for ${path} ${status}`);
  return ref.replace('#/components/schemas/', '');
}

/**
 * Errors (empty when valid) of a response body against Plaid's OpenAPI: 2xx bodies against the
 * endpoint's documented response, anything else against its error response (PlaidError).
 */
export function validatePlaidResponse(path: string, status: number, body: unknown): string[] {
  return validatePlaidSchema(responseSchemaName(path, status), body);
}
