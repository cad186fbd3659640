import type { FarmerStatement } from '@ushirika/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { type DocumentInput, type DocumentTable, label, money } from '../../platform/document-pdf.ts';
import { codeLabel, currentLanguage, unitLabel } from '../../platform/labels.ts';
import { unionDocumentPdf } from '../cooperative/union.ts';

/** A stored code (a status, a loan's source) as the screens label it, in the reader's language. */
const code = (namespaces: string[], value: string) => codeLabel(currentLanguage(), namespaces, value);

/** How a settlement's money stands: the payment line's status and reference, or not drafted. */
function paymentText(row: Pick<FarmerStatement['settlements']['rows'][number], 'payment'>): string {
  const p = row.payment;
  if (!p) return '-';
  const status = code(['pay.status', 'status'], p.status);
  const via = p.viaAmcosName ? ` (${label('Paid through')} ${p.viaAmcosName})` : '';
  return `${status} · ${p.reference}${via}`;
}

/** Each settlement's split and the farmer's payment line, with the season's totals. */
function settlementsTable({ settlements }: FarmerStatement): DocumentTable {
  return {
    title: 'Settlements and payments',
    headers: [
      'Settlement',
      'Kg',
      'Gross share',
      'Deductions',
      'Loan recovery',
      'Member shares',
      'Net payable',
      'Payment',
    ],
    right: [1, 2, 3, 4, 5, 6],
    rows: settlements.rows.map((r) => [
      `${r.settlementNo} ${r.settledOn}`,
      r.kg,
      money(r.grossShare),
      money(r.deductions),
      money(r.loanRecovery),
      money(r.memberShares),
      money(r.net),
      paymentText(r),
    ]),
    totals: [
      'Total',
      settlements.totals.kg,
      money(settlements.totals.grossShare),
      money(settlements.totals.deductions),
      money(settlements.totals.loanRecovery),
      money(settlements.totals.memberShares),
      money(settlements.totals.net),
      '',
    ],
  };
}

/** Second payments to the farmer (#32): one table when the season has any, else none. */
function secondPaymentTables(s: FarmerStatement): DocumentTable[] {
  if (!s.secondPayments.length) return [];
  return [
    {
      title: 'Second payment to farmers',
      headers: ['Number', 'Crop', 'Kg delivered', 'Amount per kg', 'Amount', 'Payment'],
      right: [2, 3, 4],
      rows: s.secondPayments.map((p) => [
        `${p.paymentNo} ${p.approvedOn}`,
        p.cropName,
        p.kg,
        money(p.ratePerKg),
        money(p.amount),
        paymentText(p),
      ]),
    },
  ];
}

/**
 * The printed season statement (#27): the farmer and season, their deliveries by grade, each
 * settlement's split and payment, their loans and inputs, and the totals, as the farmer's page
 * shows them. Labels are English here; the one renderer prints them in the reader's language.
 */
export function farmerStatementDocument(s: FarmerStatement, printedOn: string): DocumentInput {
  const { collections, settlements, loans } = s;
  return {
    title: 'Farmer statement',
    number: `${s.farmer.farmerNo} · ${s.season?.name ?? '-'}`,
    fields: [
      ['Farmer', `${s.farmer.farmerNo} ${s.farmer.name}`],
      ['AMCOS', `${s.farmer.amcosCode} ${s.farmer.amcosName}`],
      ['Phone', s.farmer.phone ?? ''],
      ['Village', s.farmer.village ?? ''],
      ['Season', s.season?.name ?? ''],
      ['Printed', printedOn],
      ['Net payable', money(settlements.totals.net)],
      ['Paid', money(settlements.totals.paid)],
      ['Not paid yet', money(settlements.totals.unpaid)],
      ['Loans outstanding', money(loans.totals.outstanding)],
    ],
    tables: [
      {
        title: 'Deliveries',
        headers: ['Crop', 'Grade', 'Receipts', 'Bags', 'Net kg'],
        right: [2, 3, 4],
        rows: collections.byGrade.map((g) => [
          g.cropName,
          `${g.gradeCode} ${g.gradeName}`,
          String(g.receipts),
          String(g.bags),
          g.netKg,
        ]),
        totals: [
          'Total',
          '',
          String(collections.totals.receipts),
          String(collections.totals.bags),
          collections.totals.netKg,
        ],
      },
      settlementsTable(s),
      ...secondPaymentTables(s),
      {
        title: 'Loans and inputs',
        headers: ['Loan', 'Reason', 'Status', 'Amount', 'Recovered', 'Outstanding'],
        right: [3, 4, 5],
        rows: loans.rows.map((l) => [
          `${l.loanNo} ${l.issuedOn}`,
          l.distributionNo ? `${code(['inputs.loanSource'], l.source)} ${l.distributionNo}` : l.reason,
          code(['status'], l.status),
          money(l.amount),
          money(l.recovered),
          money(l.outstanding),
        ]),
        totals: [
          'Total',
          '',
          '',
          money(loans.totals.given),
          money(loans.totals.recovered),
          money(loans.totals.outstanding),
        ],
      },
      {
        title: 'Inputs',
        headers: ['Distribution', 'Item', 'Type', 'Quantity', 'Unit price', 'Value'],
        right: [3, 4, 5],
        rows: s.inputs.map((i) => [
          `${i.distributionNo} ${i.distributedOn}`,
          `${i.itemName} (${unitLabel(currentLanguage(), i.unit)})`,
          code(['inputs.kinds'], i.kind),
          i.quantity,
          money(i.unitPrice),
          money(i.farmerValue),
        ]),
      },
    ],
    signatures: ['Farmer', 'AMCOS'],
  };
}

/** The statement as a PDF under the union's letterhead. */
export async function farmerStatementPdf(db: DbOrTx, statement: FarmerStatement, printedOn: string) {
  const body = await unionDocumentPdf(db, farmerStatementDocument(statement, printedOn));
  const season = statement.season?.name.replace(/[^\w-]+/g, '-') ?? 'season';
  return { name: `STATEMENT-${statement.farmer.farmerNo}-${season}`, body };
}
