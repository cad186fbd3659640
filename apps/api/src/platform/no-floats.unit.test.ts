import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money and quantities are decimal strings and decimal.js, never JS floats (docs/DECISIONS.md,
 * "Structure (#12)"). This reads every TypeScript file under apps/ and packages/ and fails on
 * `Number(…)`, `parseFloat(…)` or a unary `+` applied to an expression naming a money or quantity
 * field (amount, total, kg, price, rate…). Counts, page numbers and coordinates are not such fields;
 * the few legitimate float uses are listed below with their reason.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TREES = ['apps', 'packages'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.vite']);

/** Words of a money or quantity field name (camelCase or snake_case parts, plural or not). */
const FIELD_WORDS = new Set([
  'amount',
  'total',
  'subtotal',
  'balance',
  'price',
  'kg',
  'quantity',
  'qty',
  'rate',
  'charge',
  'gross',
  'net',
  'tare',
  'cost',
  'fee',
  'levy',
  'levies',
  'paid',
  'capacity',
  'weight',
  'credit',
  'debit',
  'share',
  'deduction',
  'money',
  'moisture',
  'acre',
  'budget',
  'actual',
  'variance',
]);

/** `file:expression` -> why a float is right there. */
const ALLOWED: Record<string, string> = {
  'apps/web/src/features/dashboard/charts.tsx:Number(value)':
    'sizes chart shapes only; every figure shown is the API string',
  'apps/api/bench/scenarios/collections.ts:Number(process.env.BENCH_SAVE_RATE ?? 5)':
    'saves per second per clerk in the bench, a count',
  'apps/api/src/seed/demo-farm-boundaries.ts:Number(acresToHectares(acres))':
    "the side in metres of a demo farm's square boundary, geometry; the areas checked and exported stay decimals",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP_DIRS.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function namesMoneyField(expression: string): boolean {
  return (expression.match(/[A-Za-z_$][\w$]*/g) ?? []).some((name) =>
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toLowerCase()
      .split('_')
      .some((word) => FIELD_WORDS.has(word) || FIELD_WORDS.has(word.replace(/s$/, ''))),
  );
}

/** The argument of a call starting at `open` (just after its parenthesis), on one line. */
function argumentAt(line: string, open: number): string {
  let depth = 1;
  let end = open;
  while (end < line.length && depth > 0) {
    if (line[end] === '(') depth++;
    if (line[end] === ')') depth--;
    end++;
  }
  return line.slice(open, depth === 0 ? end - 1 : end);
}

/** Each float conversion of a money or quantity expression in a file, as `file:line: expression`. */
export function floatUses(relative: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    // Code only: comments and quoted strings dropped (a JSDoc line saying "+ money in" is prose).
    if (/^\s*(\*|\/\*)/.test(line)) return;
    const code = line
      .replace(/\/\*.*?\*\//g, '')
      .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''")
      .replace(/\/\/.*$/, '');
    for (const call of code.matchAll(/\b(Number|parseFloat|Number\.parseFloat)\(/g)) {
      const expression = `${call[1]}(${argumentAt(code, (call.index ?? 0) + call[0].length)})`;
      if (namesMoneyField(expression) && !ALLOWED[`${relative}:${expression}`]) {
        found.push(`${relative}:${index + 1}: ${expression}`);
      }
    }
    for (const plus of code.matchAll(/(?:^|[=(,:?[{!&|]|\breturn|=>)\s*\+(?![+=])\s*([A-Za-z_$][\w$.?]*)/g)) {
      const expression = `+${plus[1]}`;
      if (namesMoneyField(expression) && !ALLOWED[`${relative}:${expression}`]) {
        found.push(`${relative}:${index + 1}: ${expression}`);
      }
    }
  });
  return found;
}

describe('no floats on money or quantities', () => {
  it('finds the conversions it is meant to find', () => {
    expect(
      floatUses(
        'x.ts',
        [
          'const a = Number(line.amount);',
          'const b = parseFloat(row.net_kg);',
          'const c = +invoice.total;',
          'const d = Number(page) + 1; const e = Number(form.values.bags);',
          ' * A signed amount (+ money in, - money out).',
          "const f = label('+ total'); /* +total */",
        ].join('\n'),
      ),
    ).toEqual(['x.ts:1: Number(line.amount)', 'x.ts:2: parseFloat(row.net_kg)', 'x.ts:3: +invoice.total']);
  });

  it('apps/ and packages/ convert no money or quantity field to a float', () => {
    const found = TREES.flatMap((tree) =>
      sourceFiles(path.join(ROOT, tree)).flatMap((file) => {
        const relative = path.relative(ROOT, file).split(path.sep).join('/');
        return relative === 'apps/api/src/platform/no-floats.unit.test.ts'
          ? []
          : floatUses(relative, readFileSync(file, 'utf8'));
      }),
    );
    expect(found).toEqual([]);
  });
});
