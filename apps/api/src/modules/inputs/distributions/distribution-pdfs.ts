import type { DistributionDetail } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';
import type { DistributionReportPage } from './distribution-report.ts';

const qty = (q: string) => dec(q).toString();

/** The distribution note the farmer signs: what was given, at what price, and what they owe. */
export function distributionNotePdf(d: DistributionDetail): Promise<Buffer> {
  const owed = d.kind === 'credit' || d.kind === 'subsidised';
  return tablePdf({
    title: `Distribution note ${d.distributionNo}`,
    subtitle: [
      `${d.amcosName} · store ${d.storeName} · season ${d.seasonName} · ${d.distributedOn}`,
      `Farmer ${d.farmerName} (${d.farmerNo}) · request ${d.requestNo} · ${d.kind}${d.status === 'cancelled' ? ' · CANCELLED' : ''}`,
      owed
        ? `Owed by the farmer on loan ${d.loanNo ?? ''}: TZS ${grouped(d.farmerAmount)}, recovered from the crop payment`
        : d.kind === 'cash'
          ? `Paid in cash: TZS ${grouped(d.farmerAmount)}`
          : 'Given free of charge',
      'Received by the farmer (signature): ______________________    Date: ____________',
      'Issued by (name and signature): ______________________',
    ],
    columns: [
      { header: 'Item', value: (l) => `${l.itemCode} ${l.itemName}` },
      { header: 'Unit', value: (l) => l.unit },
      { header: 'Quantity', value: (l) => qty(l.quantity), align: 'right' },
      { header: 'Unit price', value: (l) => grouped(l.unitPrice), align: 'right' },
      { header: 'Farmer pays', value: (l) => grouped(l.farmerValue), align: 'right' },
      { header: 'Subsidy', value: (l) => grouped(l.subsidyValue), align: 'right' },
    ],
    rows: d.lines,
    totals: ['Total', '', '', '', grouped(d.farmerAmount), grouped(d.subsidyAmount)],
  });
}

/** The whole filtered report (every row, not a page). */
export function distributionReportPdf(r: DistributionReportPage): Promise<Buffer> {
  return tablePdf({
    title: `Input distributions, season ${r.seasonName}`,
    subtitle: [
      ...r.recovery.map(
        (x) =>
          `${x.amcosName}: ${x.farmers} farmers, given ${grouped(x.given)}, recovered ${grouped(x.recovered)}, outstanding ${grouped(x.outstanding)}, ${x.farmersWithNothingToRecoverFrom} with nothing to recover from`,
      ),
      `Printed ${new Date().toISOString().slice(0, 10)}`,
    ],
    columns: [
      { header: 'Item', value: (x) => `${x.itemCode} ${x.itemName}` },
      { header: 'AMCOS', value: (x) => x.amcosName },
      { header: 'Farmer', value: (x) => `${x.farmerNo} ${x.farmerName}` },
      { header: 'Type', value: (x) => x.kind },
      { header: 'Quantity', value: (x) => `${qty(x.quantity)} ${x.unit}`, align: 'right' },
      { header: 'Farmer value', value: (x) => grouped(x.farmerValue), align: 'right' },
      { header: 'Subsidy', value: (x) => grouped(x.subsidyValue), align: 'right' },
      { header: 'Cost', value: (x) => grouped(x.costValue), align: 'right' },
    ],
    rows: r.rows,
    totals: [
      'Total',
      '',
      '',
      '',
      r.totals.quantity,
      grouped(r.totals.farmerValue),
      grouped(r.totals.subsidyValue),
      grouped(r.totals.costValue),
    ],
  });
}
