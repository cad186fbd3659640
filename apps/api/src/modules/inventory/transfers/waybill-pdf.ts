import type { StockTransferDetail } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { DocumentInput } from '../../../platform/document-pdf.ts';
import { currentLanguage, unitLabel } from '../../../platform/labels.ts';
import { unionDocumentPdf } from '../../cooperative/union.ts';

const where = (store: string, amcos: string | null) => (amcos ? `${store} (${amcos})` : store);

/**
 * What the waybill prints (tests read it): from and to, the vehicle and driver, every item with the
 * quantity dispatched, and the quantity received once counted (blank for the receiving store to
 * write on the road copy).
 */
export function waybillDocument(t: StockTransferDetail): DocumentInput {
  const received = t.status === 'received';
  return {
    title: 'Waybill',
    number: t.transferNo,
    fields: [
      ['From store', where(t.fromStoreName, t.fromAmcosName)],
      ['To store', where(t.toStoreName, t.toAmcosName)],
      ['Dispatched on', t.dispatchedOn],
      ['Dispatched by', t.dispatchedByName ?? ''],
      ['Vehicle', t.vehicle ?? ''],
      ['Driver', t.driverName ?? ''],
      ...(received
        ? ([
            ['Received on', t.receivedOn ?? ''],
            ['Counted by', t.receivedByName ?? ''],
          ] as [string, string][])
        : []),
    ],
    tables: [
      {
        headers: ['#', 'Item', 'Batch no', 'Dispatched', 'Received', 'Remarks'],
        right: [3, 4],
        rows: t.lines.map((l) => [
          String(l.lineNo),
          `${l.itemCode} ${l.itemName}`,
          l.batchNo ?? '',
          `${l.quantity} ${unitLabel(currentLanguage(), l.unit, l.quantity)}`,
          received && l.receivedQuantity !== null
            ? `${l.receivedQuantity} ${unitLabel(currentLanguage(), l.unit, l.receivedQuantity)}`
            : '',
          l.varianceReason ?? '',
        ]),
      },
    ],
    ...(t.remarks ? { note: t.remarks } : {}),
    signatures: ['Dispatched by', 'Driver', 'Received by (name)'],
  };
}

/** The transfer's waybill, which travels with the goods and comes back signed, under the union's letterhead. */
export function waybillPdf(db: DbOrTx, t: StockTransferDetail): Promise<Buffer> {
  return unionDocumentPdf(db, waybillDocument(t));
}
