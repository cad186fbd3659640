import fc from 'fast-check';

/** A JSON schema as the OpenAPI document carries it (the subset the contracts produce). */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  default?: unknown;
};

export type Operation = {
  method: string;
  /** OpenAPI path, e.g. /api/collections/farmers/{id} */
  path: string;
  pathParams: string[];
  query: Record<string, Schema>;
  body: Schema | null;
};

export type OpenApi = {
  components?: { schemas?: Record<string, Schema> };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

/** The schema with every `#/components/schemas/…` reference replaced by the component itself. */
export function resolveRefs<T>(node: T, components: Record<string, Schema> = {}, depth = 0): T {
  if (depth > 32) throw new Error('OpenAPI schema nested deeper than 32 references (a cycle?)');
  if (Array.isArray(node)) return node.map((n) => resolveRefs(n, components, depth)) as T;
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const target = components[ref.slice('#/components/schemas/'.length)];
    if (!target) throw new Error(`OpenAPI reference to a missing component: ${ref}`);
    return resolveRefs(target, components, depth + 1) as T;
  }
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, resolveRefs(v, components, depth)]),
  ) as T;
}

export function operationsOf(document: OpenApi): Operation[] {
  const doc = { ...document, paths: resolveRefs(document.paths, document.components?.schemas) };
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      out.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: Object.fromEntries(parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])),
        body: op.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return out;
}

/** A small seeded generator (mulberry32): the same seed gives the same requests. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    seed: () => Math.floor(next() * 2 ** 31),
  };
}
export type Random = ReturnType<typeof seededRandom>;

const typeOf = (s: Schema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
const firstOption = (s: Schema): Schema => s.anyOf?.find((o) => typeOf(o) !== 'null') ?? s.oneOf?.[0] ?? s;

const uuidOf = (r: Random) =>
  `0190${Array.from({ length: 4 }, () => r.int(16).toString(16)).join('')}-0000-7000-8000-${Array.from(
    { length: 12 },
    () => r.int(16).toString(16),
  ).join('')}`;

/** A value the schema accepts as far as a generator can tell: the base each mutation starts from. */
export function plausible(schema: Schema, r: Random, depth = 0): unknown {
  const s = firstOption(schema);
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined && r.next() < 0.3) return s.default;
  switch (typeOf(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (depth < 4) out[key] = plausible(prop, r, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, 1);
      return Array.from({ length: n }, () => (s.items ? plausible(s.items, r, depth + 1) : 'x'));
    }
    case 'integer':
      return Math.max(s.minimum ?? 1, Math.min(1, s.maximum ?? 1));
    case 'number':
      return s.minimum !== undefined && s.maximum !== undefined ? (s.minimum + s.maximum) / 2 : 1;
    case 'boolean':
      return false;
    case 'string':
      return plausibleString(s, r);
    default:
      return 'x';
  }
}

function plausibleString(s: Schema, r: Random): string {
  if (s.format === 'uuid') return uuidOf(r);
  if (s.format === 'date') return '2026-03-14';
  if (s.format === 'date-time') return '2026-03-14T08:00:00.000Z';
  if (s.format === 'email') return `fuzz.${r.int(1e6)}@test.local`;
  if (s.pattern) {
    try {
      const [value] = fc.sample(fc.stringMatching(new RegExp(s.pattern), { size: 'xsmall' }), {
        seed: r.seed(),
        numRuns: 1,
      });
      if (value !== undefined && value.length <= (s.maxLength ?? 1000)) return value;
    } catch {
      // a pattern fast-check cannot generate from: fall through
    }
  }
  return 'Fuzz value'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? 200);
}

/** Deep nesting: arrays inside arrays, built as text (JSON.stringify would recurse). */
export const deepArrayText = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const DEEP = '__deep__';

const ODD_UNICODE = ['\uD800', '\u202Eevil', '\u200B', '👩🏾‍🌾'.repeat(20), 'Ā̴̛̰'.repeat(50), '\uFEFF1'];
const AMOUNTS = ['-1', '0', '1e309', '1e3', '1,000.50', '9'.repeat(40), '0.001', ' 12 ', 'NaN', '-0.00'];
const DATES = ['2026-02-30', '2026-13-01', '0000-01-01', '99999-01-01', '2026-2-3', '2026-02-29T25:00'];

const looksLikeAmount = (name: string, s: Schema) =>
  /amount|price|kg|rate|total|qty|quantity|bags|moisture|debit|credit|cost|limit|share|percent|outturn/i.test(
    name,
  ) || /\\d/.test(s.pattern ?? '');
const looksLikeDate = (name: string, s: Schema) =>
  s.format === 'date' || /date|On$|From$|To$|Until$/.test(name);

/** Bad values for one field, by its declared type and name. */
export function badValues(name: string, schema: Schema): unknown[] {
  const s = firstOption(schema);
  const type = typeOf(s);
  const values: unknown[] = [null, '', 'x'.repeat(100_000), 'a\u0000b', ...ODD_UNICODE, [], {}, DEEP];
  if (type === 'string') values.push(12345, true, ['a'], { a: 'b' });
  if (type === 'number' || type === 'integer')
    values.push('abc', '1', true, -1, 0, 1e308, 1.5, 2 ** 63, -1e-9);
  if (type === 'boolean') values.push('true', 1, 0, 'yes');
  if (type === 'array')
    values.push(
      'a',
      { 0: 'a' },
      [null],
      Array.from({ length: 5000 }, () => 'x'),
    );
  if (type === 'object') values.push('a', [{}], 1);
  if (looksLikeAmount(name, s)) values.push(...AMOUNTS);
  if (looksLikeDate(name, s)) values.push(...DATES);
  return values;
}

/** The body as sent: JSON text, with DEEP markers replaced by 3,000-deep arrays. */
export function bodyText(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${DEEP}"`, deepArrayText(3000));
}

export type Attempt = { label: string; query?: string; body?: string; pathValues?: Record<string, string> };

/** Mutations of a whole body: wrong shapes for the body itself, then one bad field at a time. */
export function bodyAttempts(schema: Schema, r: Random): Attempt[] {
  const base = plausible(schema, r) as Record<string, unknown>;
  const attempts: Attempt[] = [
    { label: 'array for the body', body: '[]' },
    { label: 'string for the body', body: '"text"' },
    { label: 'null body', body: 'null' },
    { label: 'empty object', body: '{}' },
    { label: 'only an unknown field', body: '{"unknownField":1}' },
    { label: 'deep nesting', body: `{"a":${deepArrayText(5000)}}` },
    { label: 'plausible body with an extra field', body: bodyText({ ...base, unknownField: 'x' }) },
  ];
  const s = firstOption(schema);
  for (const [key, prop] of Object.entries(s.properties ?? {})) {
    if (typeof base !== 'object' || base === null || Array.isArray(base)) break;
    for (const bad of badValues(key, prop)) {
      attempts.push({ label: `${key} = ${short(bad)}`, body: bodyText({ ...base, [key]: bad }) });
    }
    if (s.required?.includes(key)) {
      const { [key]: _missing, ...rest } = base;
      attempts.push({ label: `${key} missing`, body: bodyText(rest) });
    }
    const items = firstOption(prop).items;
    const inner = items ? firstOption(items) : undefined;
    if (inner?.properties && Array.isArray(base[key])) {
      const row = (base[key] as unknown[])[0] as Record<string, unknown>;
      for (const [innerKey, innerProp] of Object.entries(inner.properties)) {
        for (const bad of badValues(innerKey, innerProp).slice(0, 12)) {
          const rows = [{ ...row, [innerKey]: bad }];
          attempts.push({
            label: `${key}[0].${innerKey} = ${short(bad)}`,
            body: bodyText({ ...base, [key]: rows }),
          });
        }
      }
    }
  }
  return attempts;
}

const QUERY_BAD = ['', 'x'.repeat(8_000), 'a%00b', '-1', '0', '1e309', 'abc', '2026-02-30', '%ff', '1,000'];

/** Bad query strings: one parameter at a time, repeated parameters and an unknown one. */
export function queryAttempts(query: Record<string, Schema>): Attempt[] {
  const attempts: Attempt[] = [{ label: 'unknown query parameter', query: 'unknownParam=1' }];
  for (const name of Object.keys(query)) {
    for (const bad of QUERY_BAD) attempts.push({ label: `?${name}=${short(bad)}`, query: `${name}=${bad}` });
    attempts.push({ label: `?${name} twice`, query: `${name}=1&${name}=2` });
  }
  return attempts;
}

const PATH_BAD = [
  'not-a-uuid',
  'a%00b',
  '%ff',
  'x'.repeat(2_000),
  '..%2F..%2Fetc',
  '00000000-0000-0000-0000-000000000000',
];

/** Bad path parameters: one at a time, the others left as the real ids found. */
export function pathAttempts(params: string[], r: Random): Attempt[] {
  const attempts: Attempt[] = [];
  for (const name of params) {
    for (const bad of [...PATH_BAD, uuidOf(r)]) {
      attempts.push({ label: `{${name}} = ${short(bad)}`, pathValues: { [name]: bad } });
    }
  }
  return attempts;
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 30)}…(${text.length})` : text;
}
