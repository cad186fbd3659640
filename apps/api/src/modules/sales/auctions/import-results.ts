import type { AuctionDetail, AuctionImportPreview, CaptureResultsBody, ResultRow } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, ValidationError } from '../../../platform/errors.ts';
import { cellText, firstSheet, headerKey } from '../../../platform/import-sheet.ts';
import { getAuction, lockAuction } from './queries.ts';
import { assertResultsOpen, checkResults, storeResults } from './results.ts';
import type { auctions } from './schema.ts';

export type ResultSheetRow = { row: number; lotNo: string; bidCode: string; price: string };

/**
 * Reads the exchange's results sheet (xlsx): the first sheet, a header row naming the columns
 * `lot no`, `bid code` and `price` (per kg) in any order, one lot a row.
 */
export async function readResultSheet(bytes: Buffer): Promise<ResultSheetRow[]> {
  const sheet = await firstSheet(bytes);
  const header = sheet.getRow(1);
  const columns = new Map<string, number>();
  header.eachCell((cell, c) => {
    const k = headerKey(cellText(cell.value));
    const name = k === 'lot' || k === 'lot_number' ? 'lot_no' : k === 'price_per_kg' ? 'price' : k;
    columns.set(name, c);
  });
  const missing = ['lot_no', 'bid_code', 'price'].filter((c) => !columns.has(c));
  if (missing.length > 0)
    throw fieldError('file', `The sheet has no ${missing.join(', ').replace(/_/g, ' ')} column`);
  const at = (r: ExcelJS.Row, name: string) => cellText(r.getCell(columns.get(name) ?? 0).value).trim();
  const rows: ResultSheetRow[] = [];
  sheet.eachRow((r, n) => {
    if (n === 1) return;
    const row = {
      row: n,
      lotNo: at(r, 'lot_no'),
      bidCode: at(r, 'bid_code'),
      price: at(r, 'price').replace(/,/g, ''),
    };
    if (row.lotNo || row.bidCode || row.price) rows.push(row);
  });
  if (rows.length === 0) throw fieldError('file', 'The sheet has no results in it');
  if (rows.length > 2000) throw fieldError('file', 'A sheet can hold at most 2,000 lots');
  return rows;
}

/**
 * Checks a sheet against the catalogue the same way the grid's results are checked. A lot is
 * named by its lot no or WHR no; an empty bid code and price means no bid, `WITHDRAWN` withdrawn.
 */
export async function checkResultSheet(
  tx: DbOrTx,
  auction: typeof auctions.$inferSelect,
  sheet: ResultSheetRow[],
  confirmBelowReserve: boolean,
) {
  const catalogue = await queryRows(
    tx,
    z.object({ lotId: z.string(), lotNo: z.string(), whrNo: z.string() }),
    sql`select al.lot_id as "lotId", upper(l.lot_no) as "lotNo", upper(l.whr_no) as "whrNo"
      from auction_lots al join lots l on l.id = al.lot_id where al.auction_id = ${auction.id}`,
  );
  const byNo = new Map<string, string[]>();
  for (const c of catalogue) {
    byNo.set(c.lotNo, [...(byNo.get(c.lotNo) ?? []), c.lotId]);
    byNo.set(c.whrNo, [c.lotId]);
  }
  const pre = sheet.map((s) => {
    const ids = byNo.get(s.lotNo.toUpperCase()) ?? [];
    const code = s.bidCode.toUpperCase();
    const result: ResultRow['result'] =
      code === 'WITHDRAWN'
        ? 'withdrawn'
        : !code && !s.price
          ? 'no_bid'
          : code === 'NO BID'
            ? 'no_bid'
            : 'bid';
    const problems: string[] = [];
    if (!s.lotNo) problems.push('Enter the lot no');
    else if (ids.length === 0) problems.push(`Lot ${s.lotNo} is not in this auction's catalogue`);
    else if (ids.length > 1) problems.push(`Two lots are numbered ${s.lotNo}: use the WHR no`);
    if (result === 'bid' && s.price && !/^\d{1,12}(\.\d{1,2})?$/.test(s.price))
      problems.push(`${s.price} is not a price per kg with at most 2 decimals`);
    return { sheet: s, lotId: ids.length === 1 ? (ids[0] ?? null) : null, result, problems };
  });
  const rows: CaptureResultsBody['results'] = pre.map((p) => ({
    lotId: p.lotId ?? '00000000-0000-0000-0000-000000000000',
    result: p.result,
    bidCode: p.result === 'bid' ? p.sheet.bidCode : null,
    pricePerKg: p.result === 'bid' && p.problems.length === 0 ? p.sheet.price || null : null,
    confirmBelowReserve: confirmBelowReserve,
  }));
  const checkable = pre.map((p, i) => ({ p, i })).filter(({ p }) => p.lotId && p.problems.length === 0);
  const { checked, errors } = await checkResults(
    tx,
    auction,
    checkable.flatMap(({ i }) => rows[i] ?? []),
  );
  const preview: AuctionImportPreview['rows'] = pre.map((p) => ({
    row: p.sheet.row,
    lotNo: p.sheet.lotNo,
    bidCode: p.sheet.bidCode,
    price: p.sheet.price,
    lotId: p.lotId,
    buyerName: null,
    belowReserve: false,
    errors: p.problems,
  }));
  checkable.forEach(({ i }, k) => {
    const row = preview[i];
    const c = checked[k];
    if (!row || !c) return;
    row.buyerName = c.buyerName;
    row.belowReserve = c.belowReserve;
    row.errors.push(...(errors.get(k) ?? []));
  });
  const invalid = preview.filter((r) => r.errors.length > 0).length;
  return { preview: { rows: preview, valid: preview.length - invalid, invalid }, checked };
}

/** Applies a results sheet in one transaction, only when every row is valid. */
export async function applyResultImport(
  db: Db,
  {
    auctionId,
    sheet,
    confirmBelowReserve,
    actorId,
  }: { auctionId: string; sheet: ResultSheetRow[]; confirmBelowReserve: boolean; actorId: string },
): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    assertResultsOpen(auction);
    const { preview, checked } = await checkResultSheet(tx, auction, sheet, confirmBelowReserve);
    const bad = preview.rows.find((r) => r.errors.length > 0);
    if (bad) {
      throw new ValidationError(`Row ${bad.row}: ${bad.errors[0]}`, {
        file: preview.rows
          .filter((r) => r.errors.length > 0)
          .map((r) => `Row ${r.row}: ${r.errors.join('; ')}`),
      });
    }
    await storeResults(tx, auction, checked, actorId);
    await recordAudit(tx, {
      actorId,
      action: 'results_imported',
      entity: 'auction',
      entityId: auctionId,
      after: { rows: checked.length, bids: checked.filter((c) => c.result === 'bid').length },
    });
    return getAuction(tx, auctionId);
  });
}
