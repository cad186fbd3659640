import type { DistributionDetail } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { codeLabel, currentLanguage, type Lang, translate, unitLabel } from '../../../platform/labels.ts';
import { grouped, type TableReport, tablePdf } from '../../accounts/reports/pdf.ts';
import type { DistributionReportPage } from './distribution-report.ts';

const qty = (q: string) => dec(q).toString();

/**
 * A sentence of the inputs PDFs (`inputs.pdf.*` of the screens' dictionary) in the reader's
 * language, its values filled in; dates and amounts in it print by the document rules (renderPdf).
 */
function say(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const template = translate(lang, `inputs.pdf.${key}`) ?? translate('en', `inputs.pdf.${key}`) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** A distribution's kind (credit, cash, free, subsidised) as the screens name it. */
const kindLabel = (lang: Lang, kind: string) => codeLabel(lang, 'inputs.kinds', kind);
const totalLabel = (lang: Lang) => translate(lang, 'inputs.report.total') ?? 'Total';

/** What the distribution note prints, in the reader's language (tests read it). */
export function distributionNoteTable(
  d: DistributionDetail,
  lang: Lang = currentLanguage(),
): TableReport<DistributionDetail['lines'][number]> {
  const owed = d.kind === 'credit' || d.kind === 'subsidised';
  const amount = grouped(d.farmerAmount);
  return {
    title: say(lang, 'noteTitle', { no: d.distributionNo }),
    subtitle: [
      say(lang, 'noteWhere', {
        amcos: d.amcosName,
        store: d.storeName,
        season: d.seasonName,
        date: d.distributedOn,
      }),
      `${say(lang, 'noteFarmer', {
        farmer: d.farmerName,
        farmerNo: d.farmerNo,
        request: d.requestNo,
        kind: kindLabel(lang, d.kind),
      })}${d.status === 'cancelled' ? ` · ${say(lang, 'cancelled')}` : ''}`,
      owed
        ? say(lang, 'owed', { loan: d.loanNo ?? '', amount })
        : d.kind === 'cash'
          ? say(lang, 'paidCash', { amount })
          : say(lang, 'free'),
      say(lang, 'receivedBy'),
      say(lang, 'issuedBy'),
    ],
    columns: [
      { header: 'Item', value: (l) => `${l.itemCode} ${l.itemName}` },
      { header: 'Unit', value: (l) => unitLabel(lang, l.unit, l.quantity) },
      { header: 'Quantity', value: (l) => qty(l.quantity), align: 'right' },
      { header: 'Unit price', value: (l) => grouped(l.unitPrice), align: 'right' },
      { header: 'Farmer pays', value: (l) => grouped(l.farmerValue), align: 'right' },
      { header: 'Subsidy', value: (l) => grouped(l.subsidyValue), align: 'right' },
    ],
    rows: d.lines,
    totals: [totalLabel(lang), '', '', '', grouped(d.farmerAmount), grouped(d.subsidyAmount)],
  };
}

/** The distribution note the farmer signs: what was given, at what price, and what they owe. */
export function distributionNotePdf(d: DistributionDetail, letterhead: Letterhead): Promise<Buffer> {
  return tablePdf(letterhead, distributionNoteTable(d));
}

/** What the report PDF prints (the whole filtered report, every row), in the reader's language. */
export function distributionReportTable(
  r: DistributionReportPage,
  lang: Lang = currentLanguage(),
  printedOn = todayInTanzania(),
): TableReport<DistributionReportPage['rows'][number]> {
  return {
    title: say(lang, 'reportTitle', { season: r.seasonName }),
    subtitle: [
      ...r.recovery.map((x) =>
        say(lang, 'recoveryLine', {
          amcos: x.amcosName,
          farmers: x.farmers,
          given: grouped(x.given),
          recovered: grouped(x.recovered),
          outstanding: grouped(x.outstanding),
          nothing: x.farmersWithNothingToRecoverFrom,
        }),
      ),
      say(lang, 'printed', { date: printedOn }),
    ],
    columns: [
      { header: 'Item', value: (x) => `${x.itemCode} ${x.itemName}` },
      { header: 'AMCOS', value: (x) => x.amcosName },
      { header: 'Farmer', value: (x) => `${x.farmerNo} ${x.farmerName}` },
      { header: 'Type', value: (x) => kindLabel(lang, x.kind) },
      {
        header: 'Quantity',
        value: (x) => `${qty(x.quantity)} ${unitLabel(lang, x.unit, x.quantity)}`,
        align: 'right',
      },
      { header: 'Farmer value', value: (x) => grouped(x.farmerValue), align: 'right' },
      { header: 'Subsidy', value: (x) => grouped(x.subsidyValue), align: 'right' },
      { header: 'Cost', value: (x) => grouped(x.costValue), align: 'right' },
    ],
    rows: r.rows,
    totals: [
      totalLabel(lang),
      '',
      '',
      '',
      r.totals.quantity,
      grouped(r.totals.farmerValue),
      grouped(r.totals.subsidyValue),
      grouped(r.totals.costValue),
    ],
  };
}

/** The whole filtered report (every row, not a page). */
export function distributionReportPdf(r: DistributionReportPage, letterhead: Letterhead): Promise<Buffer> {
  return tablePdf(letterhead, distributionReportTable(r));
}
