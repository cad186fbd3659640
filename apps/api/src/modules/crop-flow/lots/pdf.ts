import type { LotDetail } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { cropDocumentPdf, cropStatusLabel } from '../delivery-notes/pdf.ts';

/** The printable warehouse receipt: the lot, its certificate, its delivery notes and farmers. */
export function warehouseReceiptPdf(db: DbOrTx, lot: LotDetail): Promise<Buffer> {
  return cropDocumentPdf(db, {
    title: 'Warehouse receipt',
    number: lot.whrNo,
    fields: [
      ['Lot no', lot.lotNo],
      ['Warehouse', lot.warehouseName],
      ['AMCOS', lot.amcosName],
      ['Season crop', lot.seasonCropName],
      ['Grade', lot.gradeName],
      ['Bags', String(lot.bags)],
      ['Net kg (warehouse)', lot.netKg],
      ['Farmers’ kg', lot.collectedKg],
      ['Issued', lot.issuedAt],
      ['Quality certificate', lot.certificateNo ?? ''],
      ['Moisture %', lot.moisture ?? ''],
      ['Outturn (KOR)', lot.outturn ?? ''],
      ['Nut count', lot.nutCount === null ? '' : String(lot.nutCount)],
      ['Status', cropStatusLabel(lot.status)],
    ],
    tables: [
      {
        title: 'Delivery notes',
        headers: ['DN no', 'Bags', 'Net kg', 'Farmers’ kg'],
        align: ['left', 'right', 'right', 'right'],
        rows: lot.sources.map((s) => [s.dnNo, String(s.bags), s.netKg, s.collectedKg]),
      },
      {
        title: 'Farmers’ collections',
        headers: ['Receipt', 'Farmer', 'Date', 'DN no', 'Bags', 'Net kg'],
        align: ['left', 'left', 'left', 'left', 'right', 'right'],
        rows: lot.collections.map((c) => [
          c.receiptNo,
          `${c.farmerNo} ${c.farmerName}`,
          c.collectedOn,
          c.dnNo,
          String(c.bags),
          c.netKg,
        ]),
      },
    ],
    signatures: ['Warehouse manager', 'Union crop officer'],
  });
}
