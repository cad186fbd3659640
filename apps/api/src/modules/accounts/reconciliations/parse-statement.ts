import type { CsvMapping } from '@ushirika/contracts';
import { v7 as uuidv7 } from 'uuid';
import { runWorker } from '../../../platform/worker.ts';
import { parseCamt053 } from './parse-camt053.ts';
import { parseCsvStatement } from './parse-csv.ts';
import { dedupKeys } from './statement-line.ts';

export type StatementFile =
  | { format: 'csv'; content: string; mapping: CsvMapping }
  | { format: 'camt053'; content: string; currency: string };

/** A statement read and ready to insert: the lines as JSON chunks for `json_to_recordset`. */
export type ParsedStatement = { linesRead: number; notBooked: number; chunks: string[] };

const CHUNK = 5000;
/** Files above this are read on a worker thread; a small one costs less than starting a thread. */
const WORKER_ABOVE_CHARS = 256 * 1024;

/**
 * Reads a statement file with the parsers of this area (CSV by its mapping, camt.053) and makes
 * the insert's rows: id, dates, texts, amounts and the dedup key, in chunks of 5,000 lines as JSON.
 * A bad line throws, naming it (a ValidationError).
 */
export function readStatement(file: StatementFile): ParsedStatement {
  const { lines, notBooked } =
    file.format === 'csv'
      ? { lines: parseCsvStatement(file.content, file.mapping), notBooked: 0 }
      : parseCamt053(file.content, file.currency);
  const keys = dedupKeys(lines);
  const chunks: string[] = [];
  for (let from = 0; from < lines.length; from += CHUNK) {
    chunks.push(
      JSON.stringify(
        lines.slice(from, from + CHUNK).map((l, i) => ({
          id: uuidv7(),
          d: l.lineDate,
          v: l.valueDate,
          r: l.reference,
          t: l.description,
          i: l.amountIn,
          o: l.amountOut,
          b: l.balance,
          k: keys[from + i],
        })),
      ),
    );
  }
  return { linesRead: lines.length, notBooked, chunks };
}

/**
 * `readStatement` off the event loop for a large file (a 220,000-line CSV takes seconds to read):
 * other users' requests go on meanwhile. A small file is read in place.
 */
export function parseStatement(file: StatementFile): Promise<ParsedStatement> {
  if (file.content.length <= WORKER_ABOVE_CHARS) return Promise.resolve(readStatement(file));
  return runWorker<ParsedStatement>(
    new URL('./parse-statement-worker.ts', import.meta.url),
    'parse-statement-worker',
    file,
  );
}
