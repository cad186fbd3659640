import type { OpeningPreviewRow } from '@ushirika/contracts';
import { dec, sheetFigure, sum, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { fateOf, type OpeningKindDefinition, type OpeningRecord } from '../../accounts/opening/kinds.ts';
import { issueStock, receiveStock } from './move-stock.ts';

const codeRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  stock: z.boolean(),
  tracksBatch: z.boolean(),
});
type Code = z.infer<typeof codeRow>;

type Line = { storeId: string; itemId: string; quantity: string; value: string; batchNo: string | null };

const byLowerCode = (rows: Code[]) => new Map(rows.map((r) => [r.code.toLowerCase(), r]));

/**
 * Stock on hand at go-live (Operation book), per store and item with its quantity and value: each
 * store receives it through the stock door at the opening date, so the weighted average cost starts
 * there. Nothing is posted: the opening trial balance holds the inventory account, and the go-live
 * check ties the two. An item kept by batch comes in under the batch `OPENING`.
 */
export const stockOpening: OpeningKindDefinition = {
  book: 'operation',
  async check(tx, rows, { openingDate }) {
    const stores = byLowerCode(
      await queryRows(
        tx,
        codeRow,
        sql`select id, code, name, active, true as stock, false as "tracksBatch" from stores`,
      ),
    );
    const items = byLowerCode(
      await queryRows(
        tx,
        codeRow,
        sql`select id, code, name, active, kind = 'stock' as stock, tracks_batch as "tracksBatch" from items`,
      ),
    );
    const preview: OpeningPreviewRow[] = [];
    const lines: Line[] = [];
    const seen = new Map<string, number>();
    for (const { row, cells } of rows) {
      const storeCode = (cells.store_code ?? '').trim();
      const itemCode = (cells.item_code ?? '').trim();
      const store = stores.get(storeCode.toLowerCase());
      const item = items.get(itemCode.toLowerCase());
      const base = {
        reference: `${storeCode} / ${itemCode}`,
        name: store && item ? `${store.name}: ${item.name}` : null,
      };
      if (!store || !item) {
        preview.push(fateOf(row, 'unknown_code', { ...base, detail: store ? 'item_code' : 'store_code' }));
        continue;
      }
      if (!store.active || !item.active || !item.stock) {
        preview.push(fateOf(row, 'not_stock', { ...base, detail: store.active ? item.name : store.name }));
        continue;
      }
      const key = `${store.id}:${item.id}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) {
        preview.push(fateOf(row, 'duplicate', { ...base, detail: String(earlier) }));
        continue;
      }
      seen.set(key, row);
      const quantity = sheetFigure(cells.quantity ?? '', 3);
      const value = sheetFigure(cells.value ?? '');
      if (quantity === null || value === null) {
        preview.push(
          fateOf(row, 'not_a_number', { ...base, detail: quantity === null ? 'quantity' : 'value' }),
        );
        continue;
      }
      const figures = { ...base, debit: value };
      if (dec(quantity).isZero()) {
        preview.push(fateOf(row, dec(value).isZero() ? 'zero' : 'no_quantity', figures));
        continue;
      }
      preview.push(fateOf(row, 'ok', figures));
      lines.push({
        storeId: store.id,
        itemId: item.id,
        quantity,
        value,
        batchNo: item.tracksBatch ? 'OPENING' : null,
      });
    }
    return {
      rows: preview,
      totalDebit: sum(lines.map((l) => l.value)),
      totalCredit: dec(0),
      problem: lines.length === 0 ? 'The sheet has no stock to import' : null,
      async apply(t, actor, importId) {
        const records: OpeningRecord[] = [];
        for (const storeId of [...new Set(lines.map((l) => l.storeId))]) {
          const moved = await receiveStock(t, {
            storeId,
            date: openingDate,
            source: { type: 'opening_import', id: importId, no: null },
            actorId: actor.userId,
            lines: lines
              .filter((l) => l.storeId === storeId)
              .map((l) => ({
                itemId: l.itemId,
                quantity: l.quantity,
                unitCost: dec(l.value).div(l.quantity).toFixed(6),
                value: l.value,
                batchNo: l.batchNo,
              })),
          });
          for (const line of moved.lines) records.push({ type: 'stock_movement', id: line.movementId });
        }
        return { entryId: null, records };
      },
    };
  },
  async undo(tx, records, actor) {
    const opened = await queryRows(
      tx,
      z.object({
        storeId: z.string(),
        itemId: z.string(),
        quantity: z.string(),
        importId: z.string(),
        movedSince: z.string().nullable(),
      }),
      sql`select m.store_id as "storeId", m.item_id as "itemId", m.quantity::text, m.source_id as "importId",
            (select concat(i.name, ' in ', s.name) from stock_movements later
               join items i on i.id = later.item_id join stores s on s.id = later.store_id
               where later.item_id = m.item_id and later.store_id = m.store_id and later.seq > m.seq
               limit 1) as "movedSince"
          from stock_movements m
          where m.id in (select (x->>'id')::uuid from json_array_elements(${JSON.stringify(records)}::json) x)
          order by m.seq`,
    );
    const moved = opened.find((o) => o.movedSince !== null);
    if (moved)
      throw new ConflictError(
        `${moved.movedSince} has moved since go-live: the opening stock can no longer be reversed`,
      );
    for (const storeId of [...new Set(opened.map((o) => o.storeId))]) {
      const first = opened.find((o) => o.storeId === storeId);
      await issueStock(tx, {
        storeId,
        date: todayInTanzania(),
        source: { type: 'opening_reversal', id: first?.importId ?? storeId, no: null },
        actorId: actor.userId,
        lines: opened
          .filter((o) => o.storeId === storeId)
          .map((o) => ({ itemId: o.itemId, quantity: o.quantity })),
      });
    }
  },
};
