import type { InputRequestLine } from '@ushirika/contracts';
import { dec, toMoney } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';

export type CheckedLine = Omit<InputRequestLine, 'id'>;

/** The farmer's registered acres of a crop (all their farms of it). */
export async function farmerAcres(db: DbOrTx, farmerId: string, cropId: string): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ acres: z.string() }),
    sql`select coalesce(sum(acres), 0)::numeric(10,2)::text as acres from farms
        where farmer_id = ${farmerId} and crop_id = ${cropId}`,
  );
  return row?.acres ?? '0.00';
}

const priceRow = z.object({
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  creditPrice: z.string(),
  limitBasis: z.enum(['per_acre', 'fixed']),
  creditLimit: z.string(),
  usedElsewhere: z.string(),
});
type PriceRow = z.infer<typeof priceRow>;

/**
 * Prices each line at the season's credit price and checks it against the farmer's credit limit
 * for the item: (limit per acre x acres, or the fixed limit) minus what the farmer's other live
 * requests of the season already hold for it. An item without a season price is refused.
 */
export async function checkCredit(
  db: DbOrTx,
  o: {
    farmerId: string;
    seasonId: string;
    seasonName: string;
    acres: string;
    lines: { itemId: string; quantity: string; suggestedQuantity?: string | null }[];
    excludeRequestId?: string;
    field?: string;
  },
): Promise<CheckedLine[]> {
  const ids = [...new Set(o.lines.map((l) => l.itemId))];
  const rows = await queryRows(
    db,
    priceRow,
    sql`select i.id as "itemId", i.code as "itemCode", ${localNameSql('i')} as "itemName", i.unit,
          p.credit_price::text as "creditPrice", p.limit_basis as "limitBasis", p.credit_limit::text as "creditLimit",
          coalesce((select sum(l.credit_value) from input_request_lines l
              join input_requests r on r.id = l.request_id
             where r.farmer_id = ${o.farmerId} and r.season_id = ${o.seasonId} and l.item_id = i.id
               and r.status <> 'rejected'
               and r.id is distinct from ${o.excludeRequestId ?? null}::uuid), 0)::numeric(16,2)::text as "usedElsewhere"
        from items i join input_prices p on p.item_id = i.id and p.season_id = ${o.seasonId}
        where i.id = any(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const byId = new Map(rows.map((r) => [r.itemId, r]));
  const field = o.field ?? 'lines';
  const errors: Record<string, string[]> = {};
  if (new Set(o.lines.map((l) => l.itemId)).size !== o.lines.length)
    errors[field] = ['Each item once per request'];
  o.lines.forEach((line, i) => {
    if (!byId.has(line.itemId))
      errors[`${field}.${i}.itemId`] = [`No price is set for this item in season ${o.seasonName}`];
    if (dec(line.quantity).lte(0)) errors[`${field}.${i}.quantity`] = ['Quantity must be more than 0'];
  });
  const first = Object.entries(errors)[0];
  if (first) throw new ValidationError(first[1][0] as string, errors);
  return o.lines.map((line) => {
    const p = byId.get(line.itemId) as PriceRow;
    const value = toMoney(dec(line.quantity).times(dec(p.creditPrice)));
    const limit =
      p.limitBasis === 'per_acre' ? toMoney(dec(p.creditLimit).times(dec(o.acres))) : toMoney(p.creditLimit);
    return {
      itemId: p.itemId,
      itemCode: p.itemCode,
      itemName: p.itemName,
      unit: p.unit,
      suggestedQuantity: line.suggestedQuantity ?? null,
      quantity: dec(line.quantity).toFixed(3),
      creditPrice: p.creditPrice,
      creditValue: value,
      creditLimit: limit,
      usedElsewhere: p.usedElsewhere,
      overLimit: dec(p.usedElsewhere).plus(dec(value)).gt(dec(limit)),
    };
  });
}

/**
 * The BOQ of the season crop x the farmer's acres: one suggested line per BOQ item that names an
 * inventory item (by code or name) priced for the season. BOQ items are free text.
 */
export async function boqSuggestion(db: DbOrTx, seasonCropId: string, acres: string) {
  const rows = await queryRows(
    db,
    z.object({ boqName: z.string(), itemId: z.string().nullable(), perAcre: z.string() }),
    sql`select b.name as "boqName", i.id as "itemId", bi.quantity_per_acre::text as "perAcre"
        from boqs b join boq_items bi on bi.boq_id = b.id
        left join lateral (select it.id from items it
            where lower(it.code) = lower(bi.item) or lower(it.name) = lower(bi.item)
            order by (lower(it.code) = lower(bi.item)) desc limit 1) i on true
        where b.id = (select id from boqs where season_crop_id = ${seasonCropId} order by created_at desc limit 1)
        order by bi.line`,
  );
  return {
    boqName: rows[0]?.boqName ?? null,
    lines: rows
      .filter((r): r is typeof r & { itemId: string } => r.itemId !== null)
      .map((r) => ({ itemId: r.itemId, quantity: dec(r.perAcre).times(dec(acres)).toFixed(3) })),
  };
}
