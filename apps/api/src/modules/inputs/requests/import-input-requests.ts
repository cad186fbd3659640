import type { InputRequestImportResult } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SheetRow } from '../../../platform/import-sheet.ts';
import { createInputRequest } from './create-input-request.ts';

const QUANTITY = /^\d{1,12}(\.\d{1,3})?$/;

/**
 * Imports a sheet of requests for one season crop, the farmers' import pattern: the rows of one
 * farmer make one request, saved whole by the same use case as the form (its own transaction) or
 * not at all; every row of a refused request is reported with the reason, and nothing of it is
 * written.
 */
export async function importInputRequests(
  db: Db,
  actor: Actor,
  { seasonCropId, rows }: { seasonCropId: string; rows: SheetRow[] },
): Promise<InputRequestImportResult> {
  const farmerNos = [...new Set(rows.map((r) => (r.cells.farmer_no ?? '').toUpperCase()))];
  const codes = [...new Set(rows.map((r) => (r.cells.item_code ?? '').toLowerCase()))];
  const farmers = await queryRows(
    db,
    z.object({ id: z.string(), no: z.string() }),
    sql`select id, farmer_no as no from farmers where farmer_no = any(${`{${farmerNos.map((n) => `"${n.replace(/"/g, '')}"`).join(',')}}`}::text[])`,
  );
  const items = await queryRows(
    db,
    z.object({ id: z.string(), code: z.string() }),
    sql`select id, lower(code) as code from items where lower(code) = any(${`{${codes.map((c) => `"${c.replace(/"/g, '')}"`).join(',')}}`}::text[])`,
  );
  const farmerOf = new Map(farmers.map((f) => [f.no, f.id]));
  const itemOf = new Map(items.map((i) => [i.code, i.id]));
  const skipped: InputRequestImportResult['skipped'] = [];
  const groups = new Map<
    string,
    { rows: number[]; lines: { itemId: string; quantity: string }[]; reason: string | null; bad: boolean }
  >();
  for (const r of rows) {
    const no = (r.cells.farmer_no ?? '').toUpperCase();
    const errors: string[] = [];
    const farmerId = farmerOf.get(no);
    const itemId = itemOf.get((r.cells.item_code ?? '').toLowerCase());
    if (!no) errors.push('farmer_no: enter the farmer number');
    else if (!farmerId) errors.push(`farmer_no: no farmer ${no}`);
    if (!itemId) errors.push(`item_code: no item ${r.cells.item_code ?? ''}`);
    if (!QUANTITY.test(r.cells.quantity ?? ''))
      errors.push('quantity: enter a quantity with at most 3 decimals');
    const group = groups.get(no) ?? { rows: [], lines: [], reason: null, bad: false };
    group.rows.push(r.row);
    if (r.cells.override_reason) group.reason = r.cells.override_reason;
    if (errors.length) {
      group.bad = true;
      skipped.push({ row: r.row, errors });
    } else group.lines.push({ itemId: itemId as string, quantity: r.cells.quantity as string });
    groups.set(no, group);
  }
  let created = 0;
  for (const [no, group] of groups) {
    const farmerId = farmerOf.get(no);
    if (group.bad || !farmerId) {
      for (const row of group.rows)
        if (!skipped.some((s) => s.row === row))
          skipped.push({ row, errors: ['another row of this farmer is wrong'] });
      continue;
    }
    try {
      await createInputRequest(db, actor, {
        farmerId,
        seasonCropId,
        lines: group.lines,
        overrideReason: group.reason,
      });
      created += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      for (const row of group.rows) skipped.push({ row, errors: [error.message] });
    }
  }
  skipped.sort((a, b) => a.row - b.row);
  return {
    message: `${created} request${created === 1 ? '' : 's'} imported, ${skipped.length} row${skipped.length === 1 ? '' : 's'} skipped`,
    created,
    skipped,
  };
}
