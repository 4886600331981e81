// What the fuzzer sends: fast-check arbitraries for request bodies, query strings, path
// parameters and headers. Bodies start from a valid example of the endpoint (so generated input
// gets past the first check and reaches the deeper rules) and are then broken: fields removed,
// replaced by hostile values or added, prototype keys, deep nesting, numbers JSON cannot hold,
// text that is not JSON, or no body at all.
import fc from 'fast-check';
import type { Knex } from 'knex';

/** Values meant to hurt: empty, NUL, lone surrogates, injection, paths, dates that do not exist. */
const HOSTILE_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '__proto__',
  'constructor',
  'prototype',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  'null',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x10',
  '2025-02-30',
  '0000-00-00',
  '9999-12-31T23:59:59Z',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud83d\udca9'.repeat(50),
];

const text = fc.oneof(
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  // Valid-looking text with one hostile piece inside, so it passes the plain checks around it.
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_TEXT), fc.string({ maxLength: 8 }))
      .map(([h, t]) => `Lunch ${h}${t}`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'x'.repeat(n)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 100, maxLength: 400 }) },
);

const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, 0.001, -0.001, -1, 1e-7, 12.345, 1e21, 1e308, -1e308, 5e-324, 2 ** 53 + 2, 2 ** 31),
);

/** Any JSON value, hostile at the leaves. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    number,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(text, tie('v'), { maxKeys: 4 }),
  ),
})).v;

/** JSON text that JSON.stringify cannot make: numbers out of range, prototype keys, nesting. */
const rawJson = fc.oneof(
  fc.constantFrom(
    '{"amount": 1e999}',
    '{"amount": -1e999, "category": "Need"}',
    '{"amount": NaN}',
    '{"amount": Infinity}',
    '{"__proto__": {"admin": true, "polluted": 1}}',
    '{"constructor": {"prototype": {"polluted": 1}}}',
    '{"email": "a@example.com", "email": {"$ne": null}}',
    '{"categories": [{"plaidId": "x", "budget_category": "Need", "__proto__": {"x": 1}}]}',
    '{"events": [{"__proto__": null}]}',
    '{"a": "\\ud800"}',
    '{"a": "\\u0000"}',
    '{',
    '[]',
    '"text"',
    'null',
    '0',
    'true',
    '{"a":1} trailing',
    '\u0000',
  ),
  fc.integer({ min: 100, max: 120_000 }).map((n) => '['.repeat(n) + ']'.repeat(n)),
  fc.integer({ min: 100, max: 20_000 }).map((n) => '{"a":'.repeat(n) + '1' + '}'.repeat(n)),
  fc.integer({ min: 1_000, max: 50_000 }).map((n) => `{"categories": [${'{},'.repeat(n)}{}]}`),
  // Over the body limits (1 MB for the API, less for the sandbox): 413 before any parsing.
  fc.constant(`{"description": "${'x'.repeat(1_100_000)}"}`),
);

/** A valid body of the endpoint, broken in one to three ways. */
function brokenBody(base: Record<string, unknown>): fc.Arbitrary<string> {
  const keys = Object.keys(base);
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...(keys.length ? keys : ['x'])) }),
    fc.record({
      kind: fc.constant('set' as const),
      key: fc.constantFrom(...(keys.length ? keys : ['x'])),
      value: fc.oneof(
        { weight: 3, arbitrary: text },
        { weight: 1, arbitrary: number },
        { weight: 1, arbitrary: value },
      ),
    }),
    fc.record({ kind: fc.constant('add' as const), key: text, value }),
    fc.record({
      kind: fc.constant('proto' as const),
      key: fc.constantFrom('__proto__', 'constructor', 'prototype'),
      value,
    }),
  );
  return fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) => {
    const body: Record<string, unknown> = structuredClone(base);
    const raw: string[] = [];
    for (const e of edits) {
      if (e.kind === 'drop') delete body[e.key];
      else if (e.kind === 'proto') raw.push(`${JSON.stringify(e.key)}: ${JSON.stringify(e.value)}`);
      else
        Object.defineProperty(body, e.key, {
          value: e.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    const json = JSON.stringify(body);
    return raw.length ? `{${[...raw, json.slice(1, -1)].filter(Boolean).join(',')}}` : json;
  });
}

export interface FuzzRequest {
  /** Filled path with its query string. */
  path: string;
  /** Raw body text; undefined for none. */
  body?: string;
  contentType?: string;
  /** 'valid' uses the fuzz user's token, 'none' sends none, anything else is sent as is. */
  auth: string;
}

/** Percent-encodes text; a lone surrogate goes as the (invalid) UTF-8 bytes of a surrogate. */
const encodeParam = (t: string) =>
  t
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

/** Path parameters, already encoded as they go on the wire. */
const PARAM = fc.oneof(
  fc.integer({ min: -5, max: 1_000_000 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '9007199254740993',
    '99999999999999999999',
    'NaN',
    'null',
    '%00',
    '..',
    '%2e%2e%2f',
    '%201',
    '%FF',
    '%ED%A0%80',
    '%',
  ),
  text.filter((t) => t.length < 500).map(encodeParam),
);

const QUERY = fc
  .dictionary(
    fc.oneof(text, fc.constantFrom('__proto__', 'constructor', 'a[]', 'a[b]', 'cursor', 'count')),
    text,
    {
      maxKeys: 4,
    },
  )
  .map((d) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(d)) q.append(k.slice(0, 200), v.slice(0, 500));
    const s = q.toString();
    return s ? `?${s}` : '';
  });

/** The request arbitrary for one endpoint. */
export function requestFor(opts: {
  method: string;
  path: string;
  base: Record<string, unknown>;
  guarded: boolean;
  /** How often the valid token is used (low for a route that would end the fuzz user). */
  validTokenWeight: number;
}): fc.Arbitrary<FuzzRequest> {
  const path = fc.tuple(fc.array(PARAM, { minLength: 2, maxLength: 2 }), QUERY).map(([params, q]) => {
    let i = 0;
    return opts.path.replace(/:([A-Za-z_]+)/g, () => encodeURIComponent(params[i++] ?? '1')) + q;
  });
  const body =
    opts.method === 'GET'
      ? fc.constant(undefined)
      : fc.oneof(
          { weight: 6, arbitrary: brokenBody(opts.base) },
          { weight: 2, arbitrary: rawJson },
          { weight: 2, arbitrary: value.map((v) => JSON.stringify(v)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/json; charset=utf-16',
        'multipart/form-data',
        'application/x-www-form-urlencoded',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const auth = opts.guarded
    ? fc.oneof(
        { weight: opts.validTokenWeight, arbitrary: fc.constant('valid') },
        { weight: 1, arbitrary: fc.constant('none') },
        { weight: 1, arbitrary: text.map((t) => `Bearer ${t}`.slice(0, 2000)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            'Bearer',
            'Basic YTpi',
            'Bearer a.b.c',
            'bearer  x  y',
            'Bearer eyJhbGciOiJub25lIn0.e30.',
          ),
        },
      )
    : fc.constant('none');
  return fc.record({ path, body, contentType, auth });
}

/**
 * Counts every row written to each table, with triggers, so one cheap query after each request
 * tells whether it wrote anything (test databases only).
 */
export async function installWriteCounter(
  db: Knex,
  tables: string[],
): Promise<() => Promise<Record<string, number>>> {
  const pg = db.client.config.client === 'pg';
  await db.schema.createTable('fuzz_writes', (t) => {
    t.string('name').primary();
    t.integer('n').notNullable();
  });
  await db('fuzz_writes').insert(tables.map((name) => ({ name, n: 0 })));
  if (pg) {
    await db.raw(
      `CREATE FUNCTION fuzz_count() RETURNS trigger AS $$ BEGIN UPDATE fuzz_writes SET n = n + 1 WHERE name = TG_TABLE_NAME; RETURN NULL; END $$ LANGUAGE plpgsql`,
    );
    for (const t of tables)
      await db.raw(
        `CREATE TRIGGER ?? AFTER INSERT OR UPDATE OR DELETE ON ?? FOR EACH ROW EXECUTE FUNCTION fuzz_count()`,
        [`fuzz_${t}`, t],
      );
  } else {
    for (const t of tables)
      for (const op of ['INSERT', 'UPDATE', 'DELETE'])
        await db.raw(
          `CREATE TRIGGER ?? AFTER ${op} ON ?? BEGIN UPDATE fuzz_writes SET n = n + 1 WHERE name = '${t.replace(/'/g, "''")}'; END`,
          [`fuzz_${t}_${op}`, t],
        );
  }
  return async () =>
    Object.fromEntries(
      ((await db('fuzz_writes').select('name', 'n')) as { name: string; n: number }[]).map((r) => [
        r.name,
        Number(r.n),
      ]),
    );
}
