/**
 * fast-check generators of bad and boundary input for the fuzz suite: values of the wrong type,
 * huge and unicode strings, extreme numbers, objects with missing and extra fields, malformed JSON,
 * wrong content types and oversized bodies, shaped by each route's own schemas.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { ApiRoute } from '../../../shared/api/route';

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const inputSchema = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Properties of an object schema, looking through unions (the license body is a discriminated union). */
function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return Object.assign({}, ...branches.map(propertiesOf), schema.properties ?? {}) as Record<string, JsonSchema>;
}

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  '\u202e\u0007\ufeff',
  '../../../etc/passwd',
  '%00%2e%2e',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '${jndi:ldap://x}',
  'null',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'Ünïcödé ✓ 漢字 🚀',
  '\ud83d',
  '\udc00x',
  '\u2066admin\u2069',
  // invisible format characters (issue 28): zero-width space, marks, soft hyphen, Hangul filler, tags, noncharacters
  'ad\u200bmin\u200e',
  '\u3164',
  'x\u00ad\u034f\u061c',
  'tag\u{e0041}\u{e007f}',
  '\ufdd0\u{10ffff}',
  'tab\tnew\nline\r',
  '\u001b[2J\u007f',
  '$(reboot)`id`;|&',
  'a'.repeat(5_000),
  '🚀'.repeat(2_000),
];
const nastyNumbers = [-1, 0, -0, 0.5, 1e-9, -2_147_483_649, 2_147_483_648, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 1e21, 1e308, -1e308];

/** Any value of any type, with a bias towards the ones that break parsers. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.constantFrom(...nastyNumbers),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** Values just outside (and on) the limits of one property's schema. */
function boundaryValues(prop: JsonSchema): unknown[] {
  const types = new Set([prop.type ?? []].flat());
  const out: unknown[] = [];
  if (types.has('string')) {
    if (prop.maxLength !== undefined) out.push('x'.repeat(prop.maxLength), 'x'.repeat(prop.maxLength + 1), 'é'.repeat(prop.maxLength + 1));
    if (prop.minLength !== undefined && prop.minLength > 0) out.push('x'.repeat(prop.minLength - 1));
    out.push('   ', '\t\n');
  }
  if (types.has('number') || types.has('integer')) {
    if (prop.minimum !== undefined) out.push(prop.minimum, prop.minimum - 1, prop.minimum - 0.5);
    if (prop.maximum !== undefined) out.push(prop.maximum, prop.maximum + 1, prop.maximum + 0.5);
    out.push(String(prop.minimum ?? 1));
  }
  if (prop.enum) out.push(...prop.enum.map((v) => (typeof v === 'string' ? v.toUpperCase() : v)), 'not-one-of-them');
  return out.length > 0 ? out : [null];
}

/** An object with the schema's fields (some missing, some of the wrong type or at their limits) and extra ones. */
function shapedObject(schema: z.ZodType): fc.Arbitrary<Record<string, unknown>> {
  const props = propertiesOf(inputSchema(schema));
  const fields = Object.fromEntries(
    Object.entries(props).map(([key, prop]) => [
      key,
      fc.option(fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...boundaryValues(prop)) }, { weight: 2, arbitrary: nastyValue }), { nil: undefined, freq: 4 }),
    ]),
  );
  const extra = fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'isAdmin', 'user_id', 'balance_cents', 'id', 'x'), nastyValue, { maxKeys: 2 });
  return fc.tuple(fc.record(fields), extra).map(([known, more]) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(known)) if (v !== undefined) out[k] = v;
    for (const [k, v] of Object.entries(more)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

export interface FuzzBody {
  contentType: string;
  payload: string;
  what: string;
}

const malformedJson = ['{', '{"a":', '[1,2', 'nul', '{"a":1}}', "{'a':1}", '\u0000', '{"a":"\\ud800"}', '{"a":1,}', '1'.repeat(400), '"unterminated', '{"__proto__":{"isAdmin":true}}'];

/** A request body: shaped but wrong, random JSON, malformed JSON, a wrong content type or too large. */
export function bodyArbitrary(route: ApiRoute): fc.Arbitrary<FuzzBody | undefined> {
  const json =
    (what: string) =>
    (v: unknown): FuzzBody => ({ contentType: 'application/json', payload: JSON.stringify(v) ?? 'null', what });
  const options: fc.Arbitrary<FuzzBody | undefined>[] = [
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 3 }).map(json('random JSON')),
    fc.constantFrom(...malformedJson).map((payload) => ({ contentType: 'application/json', payload, what: 'malformed JSON' })),
    fc
      .tuple(
        fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zzz', 'application/json; charset=latin1', 'application/octet-stream'),
        fc.string({ maxLength: 60 }),
      )
      .map(([contentType, payload]) => ({ contentType, payload, what: 'wrong content type' })),
    fc.constant({ contentType: 'application/json', payload: JSON.stringify({ pad: 'x'.repeat(110 * 1024) }), what: 'oversized body' }),
  ];
  if (route.body) {
    const shaped = shapedObject(route.body.schema);
    options.push(
      shaped.map(json('shaped object')),
      shaped.map(json('shaped object')),
      shaped.map((v) => json('array of shaped objects')([v, v])),
    );
  }
  return fc.oneof(...options);
}

/** Path parameter values: well-formed ids nobody owns, and strings no id looks like. */
export const pathValue: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map(String),
  fc.constantFrom('lic_aaaaaaaaaaaaaaaaaaaa', 'cd_aaaaaaaaaaaaaaaaaaaa', '00000000-0000-0000-0000-000000000000', 'trial-vm', 'x'),
  fc.constantFrom(...nastyStrings.filter((s) => s !== '' && s.length < 1000)),
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.integer().map(String),
);

/** A query string: the route's own keys with bad values, repeated keys and unknown keys. */
export function queryArbitrary(route: ApiRoute): fc.Arbitrary<string> {
  const keys = route.query ? Object.keys(propertiesOf(inputSchema(route.query))) : [];
  const key =
    keys.length > 0
      ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('x', 'limit', 'page[0]', '__proto__') })
      : fc.constantFrom('x', 'page', 'limit');
  const value = fc.oneof(fc.constantFrom(...nastyStrings.filter((s) => s.length < 1000)), fc.constantFrom(...nastyNumbers.map(String)), fc.string({ maxLength: 20 }));
  return fc.array(fc.tuple(key, value), { maxLength: 4 }).map((pairs) => {
    const q = pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '?'))}`).join('&');
    return q ? `?${q}` : '';
  });
}

/** Header values fetch can send (latin-1, no line breaks). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'x'.repeat(300), 'key with spaces', 'ok-key-1', '\u00ff\u00e9'),
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
);

/** Extra bearer strings: garbage, truncated JWTs, API-key look-alikes. */
export const badBearer: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('x', 'lp_', 'lp_' + 'a'.repeat(40), 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'a.b.c', 'eyJ'.repeat(30)),
  fc.string({ minLength: 1, maxLength: 60 }).map((s) => s.replace(/[^\x21-\x7e]/g, 'x') || 'x'),
);
