import type { GrnDetail } from '@ushirika/contracts';
import { toGroupedMoney } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { type DocumentInput, money } from '../../../platform/document-pdf.ts';
import { currentLanguage, unitLabel } from '../../../platform/labels.ts';
import { unionDocumentPdf } from '../../cooperative/union.ts';

/** What the goods received note prints (tests read it): the store, the supplier, every line and its value. */
export function grnDocument(g: GrnDetail): DocumentInput {
  return {
    title: 'Goods received note',
    number: g.grnNo,
    fields: [
      ['Store', g.amcosName ? `${g.storeName} (${g.amcosName})` : g.storeName],
      ['Received on', g.receivedOn],
      ['Supplier', g.supplierName ?? ''],
      ['Supplier ref', g.supplierRef ?? ''],
      ['Purchase order', g.orderNo ?? ''],
      ['Recorded by', g.createdByName ?? ''],
    ],
    tables: [
      {
        headers: ['#', 'Item', 'Batch no', 'Quantity', 'Unit cost', 'Value'],
        right: [3, 4, 5],
        rows: g.lines.map((l) => [
          String(l.lineNo),
          `${l.itemCode} ${l.itemName}`,
          l.batchNo ?? '',
          `${l.quantity} ${unitLabel(currentLanguage(), l.unit, l.quantity)}`,
          // As the screens show it: to the cent (the average's six places are the ledger's).
          toGroupedMoney(l.unitCost),
          money(l.value),
        ]),
        totals: ['', 'Total (TZS)', '', '', '', money(g.totalValue)],
      },
    ],
    ...(g.remarks ? { note: g.remarks } : {}),
    signatures: ['Delivered by', 'Received by (name)', 'Checked by'],
  };
}

/** The goods received note the store keeper files and the supplier's driver signs, under the union's letterhead. */
export function grnPdf(db: DbOrTx, g: GrnDetail): Promise<Buffer> {
  return unionDocumentPdf(db, grnDocument(g));
}
