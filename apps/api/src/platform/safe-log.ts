/**
 * What may be logged about an error. A failed query's message holds its SQL and parameter values
 * (drizzle: "Failed query: … params: …"; PostgreSQL: `invalid input syntax for type uuid: "…"`,
 * `Key (email)=(…)`), and those values are personal data or secrets. So a database error is logged
 * by its code, condition, constraint, table and column and the prepared statement's name, never
 * its text; any other error keeps its type, message and stack.
 */
export type LoggedError = Record<string, string | undefined>;

type Fields = {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
  query?: unknown;
  params?: unknown;
  name?: unknown;
  cause?: unknown;
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const isSqlState = (v: unknown) => typeof v === 'string' && /^[0-9A-Z]{5}$/.test(v);

/** True when the error came from running a query (anywhere in its cause chain). */
export function isQueryError(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as Fields).cause) {
    const f = e as Fields;
    if ('query' in f && 'params' in f) return true;
    if (isSqlState(f.code) && (text(f.severity) || text(f.routine))) return true;
  }
  return false;
}

/** Statement name: its verb and first table (`insert farmers`), never its values. */
function statementOf(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  const verb = query.match(/^\s*(\w+)/)?.[1]?.toLowerCase();
  const table = query.match(/\b(?:from|into|update)\s+"?([\w.]+)"?/i)?.[1];
  return [verb, table].filter(Boolean).join(' ') || undefined;
}

export function describeForLog(error: unknown): LoggedError {
  if (!isQueryError(error)) {
    if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
    return { type: typeof error, message: String(error).slice(0, 200) };
  }
  const out: LoggedError = { type: 'QueryError' };
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as Fields).cause) {
    const f = e as Fields;
    out.statement ??= statementOf(f.query);
    if (isSqlState(f.code)) out.code ??= f.code as string;
    out.constraint ??= text(f.constraint);
    out.table ??= text(f.table);
    out.column ??= text(f.column);
    out.routine ??= text(f.routine);
  }
  return out;
}

/** One line for text logs: `QueryError insert into "farmers" 22021 (routine …)`, or the message. */
export function logLine(error: unknown): string {
  const d = describeForLog(error);
  if (d.type !== 'QueryError') return d.message ?? String(d.type);
  return Object.entries(d)
    .filter(([, v]) => v)
    .map(([k, v]) => (k === 'type' ? v : `${k}=${v}`))
    .join(' ');
}
