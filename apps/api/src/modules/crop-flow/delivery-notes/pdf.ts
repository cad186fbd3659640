import type { DeliveryNoteDetail } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { loadPdfmake } from '../../../platform/heavy-modules.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
// Loads the fonts and the no-network policy the report PDFs set up.
import '../../accounts/reports/pdf.ts';

type Table = { title: string; headers: string[]; rows: string[][]; align?: ('left' | 'right')[] };

/**
 * A portrait A4 document of the crop flow (delivery note, warehouse receipt): the union's name,
 * title and number, a block of labelled fields, tables, and signature lines.
 */
export async function cropDocumentPdf(
  db: DbOrTx,
  doc: { title: string; number: string; fields: [string, string][]; tables: Table[]; signatures: string[] },
): Promise<Buffer> {
  const union = await unionLetterhead(db);
  const half = Math.ceil(doc.fields.length / 2);
  const fieldColumn = (fields: [string, string][]) => ({
    table: {
      widths: ['auto', '*'],
      body: fields.map(([k, v]) => [{ text: k, bold: true }, v || '-']),
    },
    layout: 'noBorders',
  });
  const pdf = (await loadPdfmake()).createPdf({
    pageSize: 'A4',
    defaultStyle: { fontSize: 9 },
    content: [
      { text: union.name, fontSize: 12, bold: true, alignment: 'center' },
      ...(union.address ? [{ text: union.address, alignment: 'center' }] : []),
      { text: `${doc.title} ${doc.number}`, fontSize: 14, bold: true, margin: [0, 8, 0, 8] },
      {
        columns: [fieldColumn(doc.fields.slice(0, half)), fieldColumn(doc.fields.slice(half))],
        columnGap: 16,
      },
      ...doc.tables.flatMap((t) => [
        { text: t.title, bold: true, margin: [0, 10, 0, 4] },
        {
          table: {
            headerRows: 1,
            widths: t.headers.map((_, i) => (i === 1 ? '*' : 'auto')),
            body: [
              t.headers.map((h, i) => ({ text: h, bold: true, alignment: t.align?.[i] ?? 'left' })),
              ...t.rows.map((r) => r.map((v, i) => ({ text: v, alignment: t.align?.[i] ?? 'left' }))),
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ]),
      {
        margin: [0, 30, 0, 0],
        columns: doc.signatures.map((s) => ({ stack: ['______________________', s], alignment: 'center' })),
      },
    ],
  });
  return pdf.getBuffer();
}

/** The one transport figure: the rule's when a transporter rule pays the carrier, else the charge. */
export function transportText(note: Pick<DeliveryNoteDetail, 'transportCharge' | 'transportRule'>): string {
  const rule = note.transportRule;
  if (!rule) return note.transportCharge ?? '';
  const basis =
    rule.basis === 'per_kg'
      ? `${rule.rate} per warehouse kg`
      : `${rule.basis.replace(/_/g, ' ')} ${rule.rate}`;
  return rule.amount
    ? `${rule.amount}, paid by the deduction rule "${rule.name}" (${basis})`
    : `Paid by the deduction rule "${rule.name}" (${basis}) at settlement`;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '');

export function deliveryNotePdf(db: DbOrTx, note: DeliveryNoteDetail): Promise<Buffer> {
  return cropDocumentPdf(db, {
    title: 'Crop delivery note',
    number: note.dnNo,
    fields: [
      ['AMCOS', note.amcosName],
      ['Season crop', note.seasonCropName],
      ['Warehouse', note.warehouseName],
      ['Status', note.status],
      ['Transporter', note.transporterName],
      ['Vehicle', note.vehiclePlate],
      ['Driver', `${note.driverName}${note.driverPhone ? ` (${note.driverPhone})` : ''}`],
      ['Dispatched', when(note.dispatchedAt)],
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
  });
}
