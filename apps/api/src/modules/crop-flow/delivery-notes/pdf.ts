import type { DeliveryNoteDetail } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { type DocumentInput, money } from '../../../platform/document-pdf.ts';
import { codeLabel, currentLanguage } from '../../../platform/labels.ts';
import { unionDocumentPdf } from '../../cooperative/union.ts';

type Table = { title: string; headers: string[]; rows: string[][]; align?: ('left' | 'right')[] };
type CropDocument = {
  title: string;
  number: string;
  fields: [string, string][];
  tables: Table[];
  signatures: string[];
};

/** A crop-flow document in the platform's document shape (right-aligned columns by index). */
export const cropDocument = (doc: CropDocument): DocumentInput => ({
  ...doc,
  tables: doc.tables.map(({ align, ...t }) => ({
    ...t,
    right: (align ?? []).flatMap((a, i) => (a === 'right' ? [i] : [])),
  })),
});

/**
 * A portrait A4 document of the crop flow (delivery note, warehouse receipt) under the union's
 * letterhead: the platform's one document layout (platform/document-pdf.ts), so dates, amounts,
 * kilograms and labels print as on every other document.
 */
export function cropDocumentPdf(db: DbOrTx, doc: CropDocument): Promise<Buffer> {
  return unionDocumentPdf(db, cropDocument(doc));
}

/** A delivery note's or lot's status as its badge on the screen says it, in the reader's language. */
export const cropStatusLabel = (status: string) =>
  codeLabel(currentLanguage(), ['dnMd.status', 'status'], status);

/** The one transport figure: the rule's when a transporter rule pays the carrier, else the charge. */
export function transportText(note: Pick<DeliveryNoteDetail, 'transportCharge' | 'transportRule'>): string {
  const rule = note.transportRule;
  if (!rule) return money(note.transportCharge);
  const basis =
    rule.basis === 'per_kg'
      ? `${money(rule.rate)} per warehouse kg`
      : `${rule.basis.replace(/_/g, ' ')} ${money(rule.rate)}`;
  return rule.amount
    ? `${money(rule.amount)}, paid by the deduction rule "${rule.name}" (${basis})`
    : `Paid by the deduction rule "${rule.name}" (${basis}) at settlement`;
}

export function deliveryNotePdf(db: DbOrTx, note: DeliveryNoteDetail): Promise<Buffer> {
  return cropDocumentPdf(db, deliveryNoteDocument(note));
}

/** What the delivery note prints, in the reader's language. */
export function deliveryNoteDocument(note: DeliveryNoteDetail): CropDocument {
  return {
    title: 'Crop delivery note',
    number: note.dnNo,
    fields: [
      ['AMCOS', note.amcosName],
      ['Season crop', note.seasonCropName],
      ['Warehouse', note.warehouseName],
      ['Status', cropStatusLabel(note.status)],
      ['Transporter', note.transporterName],
      ['Vehicle', note.vehiclePlate],
      ['Driver', `${note.driverName}${note.driverPhone ? ` (${note.driverPhone})` : ''}`],
      ['Dispatched', note.dispatchedAt ?? ''],
      ['Bags', String(note.bags)],
      ['Net kg', note.netKg],
      ['Received bags', note.receivedBags === null ? '' : String(note.receivedBags)],
      ['Received kg', note.receivedKg ?? ''],
      ['Variance kg', note.varianceKg ?? ''],
      ['Transport (TZS)', transportText(note)],
    ],
    tables: [
      {
        title: 'By grade',
        headers: ['Grade', 'Collections', 'Bags', 'Net kg'],
        align: ['left', 'right', 'right', 'right'],
        rows: note.grades.map((g) => [g.gradeName, String(g.collections), String(g.bags), g.netKg]),
      },
      {
        title: 'Farmers’ collections',
        headers: ['Receipt', 'Farmer', 'Date', 'Grade', 'Bags', 'Net kg'],
        align: ['left', 'left', 'left', 'left', 'right', 'right'],
        rows: note.collections.map((c) => [
          c.receiptNo,
          `${c.farmerNo} ${c.farmerName}`,
          c.collectedOn,
          c.gradeName,
          String(c.bags),
          c.netKg,
        ]),
      },
    ],
    signatures: ['AMCOS clerk', 'Driver', 'Warehouse officer'],
  };
}
