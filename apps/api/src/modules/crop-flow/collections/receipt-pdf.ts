import type { Collection } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { renderPdf } from '../../../platform/document-pdf.ts';
import { translate } from '../../../platform/labels.ts';
import { unionLetterhead } from '../../cooperative/union.ts';

/** "1234.500" -> "1,234.5": kg as people read them on a receipt. */
export const kgText = (kg: string) => {
  const [whole = '0', fraction] = dec(kg).toString().split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
};

const MM = 72 / 25.4;

/** A label in English and in Swahili, from the screens' one dictionary: "Bags / Magunia". */
const both = (key: string) => `${translate('en', key) ?? key} / ${translate('sw', key) ?? key}`;

/**
 * The farmer's receipt: A5 for a desk printer, or an 80 mm roll (`80mm`, page as long as the
 * text) for the thermal printer at the weighing point. Labels are bilingual, in the screens' words:
 * the farmer reads Swahili, the union's records are kept in English.
 */
export async function collectionReceiptPdf(
  db: DbOrTx,
  c: Collection,
  format: 'a5' | '80mm',
): Promise<Buffer> {
  const union = await unionLetterhead(db);
  const roll = format === '80mm';
  const lines: [string, string][] = [
    [both('collectionsMd.receiptNo'), c.receiptNo],
    [both('collectionsMd.date'), c.collectedOn],
    ['AMCOS', `${c.amcosName} (${c.amcosCode})`],
    [both('collectionsMd.farmer'), `${c.farmerNo} ${c.farmerName}`],
    [both('fields.season'), `${c.seasonName} ${c.cropName}`],
    [both('collectionsMd.grade'), `${c.gradeCode} ${c.gradeName}`],
    [both('collectionsMd.bags'), String(c.bags)],
    [both('collectionsMd.grossKg'), kgText(c.grossKg)],
    [both('collectionsMd.tareKg'), kgText(c.tareKg)],
    [both('collectionsMd.netKg'), kgText(c.netKg)],
    [
      both('collectionsMd.moisture'),
      `${c.moisture}${c.moistureFlagged ? ` (${both('collectionsMd.flagged')})` : ''}`,
    ],
    ...(c.status === 'cancelled'
      ? ([[both('fields.status'), `${both('status.cancelled')}: ${c.cancelReason ?? ''}`]] as [
          string,
          string,
        ][])
      : []),
    [both('collectionsMd.clerk'), c.createdByName ?? '-'],
  ];
  const body = lines.map(([label, value]) => [
    { text: label, bold: true },
    { text: value, bold: label.startsWith('Net'), alignment: 'right' },
  ]);
  return renderPdf(c.receiptNo, {
    pageSize: roll ? { width: 80 * MM, height: 'auto' } : 'A5',
    pageMargins: roll ? [4 * MM, 4 * MM, 4 * MM, 6 * MM] : [30, 30, 30, 30],
    defaultStyle: { fontSize: roll ? 8 : 10 },
    content: [
      { text: union.name, fontSize: roll ? 10 : 13, bold: true, alignment: 'center' },
      ...(union.address ? [{ text: union.address, alignment: 'center' }] : []),
      { text: c.amcosName, alignment: 'center', margin: [0, 2, 0, 0] },
      {
        text: both('collectionsMd.receiptTitle').toUpperCase(),
        bold: true,
        alignment: 'center',
        margin: [0, 8, 0, 8],
        fontSize: roll ? 9 : 12,
      },
      { table: { widths: ['auto', '*'], body }, layout: 'lightHorizontalLines' },
      {
        margin: [0, roll ? 18 : 36, 0, 0],
        columns: [
          { text: `....................\n${both('collectionsMd.farmer')}`, alignment: 'center' },
          { text: `....................\n${both('collectionsMd.clerk')}`, alignment: 'center' },
        ],
      },
    ],
  });
}
