import type { OutstandingItem, Reconciliation } from '@ushirika/contracts';
import { dateInTanzania } from '@ushirika/domain';
import type { Workbook } from 'exceljs';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { addSheet, toXlsx } from '../../../platform/exports.ts';
import { grouped, tablePdf } from '../reports/pdf.ts';

type Row = { section: string; date: string; reference: string; description: string; amount: string };

const KIND_TITLE: Record<OutstandingItem['kind'], string> = {
  uncredited_deposit: 'Add: uncredited deposit',
  unpresented_payment: 'Less: unpresented payment',
  bank_only: 'On the statement, not in the books',
};

/** The standard statement as rows: bank balance, the items, the books balance, the difference. */
function rows(r: Reconciliation): Row[] {
  const line = (section: string, amount: string): Row => ({
    section,
    date: '',
    reference: '',
    description: '',
    amount,
  });
  const items = (kind: OutstandingItem['kind']) =>
    r.items
      .filter((i) => i.kind === kind)
      .map((i) => ({
        section: KIND_TITLE[kind],
        date: i.date,
        reference: i.reference ?? '',
        description: i.description,
        amount: i.amount,
      }));
  return [
    line(`Balance per bank statement at ${r.statementDate}`, r.balancePerBank),
    ...items('uncredited_deposit'),
    line('Total uncredited deposits', r.uncreditedDeposits),
    ...items('unpresented_payment'),
    line('Total unpresented payments', r.unpresentedPayments),
    line('Balance per books', r.balancePerBooks),
    line('Difference', r.difference),
    ...items('bank_only'),
    ...(r.items.some((i) => i.kind === 'bank_only')
      ? [line('Total on the statement, not in the books', r.bankOnlyItems)]
      : []),
  ];
}

const title = (r: Reconciliation) =>
  `Bank reconciliation: ${r.accountCode} ${r.accountName} (${r.book} book, ${r.currency})`;

/** The statement's sheet columns (the xlsx, and the auditors' pack's sheet). */
const sheetColumns = (r: Reconciliation) => [
  { header: 'Item', value: (x: Row) => x.section, width: 44 },
  { header: 'Date', value: (x: Row) => x.date, width: 12 },
  { header: 'Reference', value: (x: Row) => x.reference },
  { header: 'Description', value: (x: Row) => x.description, width: 40 },
  { header: `Amount (${r.currency})`, value: (x: Row) => x.amount },
];

export function reconciliationXlsx(r: Reconciliation): Promise<Buffer> {
  return toXlsx('Reconciliation', sheetColumns(r), rows(r));
}

/** The statement as a sheet of a workbook of several (the auditors' pack, #28). */
export function addReconciliationSheet(workbook: Workbook, sheetName: string, r: Reconciliation): void {
  addSheet(workbook, sheetName, sheetColumns(r), rows(r));
}

export function reconciliationPdf(r: Reconciliation, letterhead: Letterhead): Promise<Buffer> {
  return tablePdf(letterhead, {
    title: title(r),
    subtitle: [
      `Statement date ${r.statementDate}; ${r.status === 'closed' ? `closed ${r.closedAt ? dateInTanzania(r.closedAt) : ''} by ${r.closedByName ?? ''}` : 'open (not closed)'}`,
      `Balance per bank ${grouped(r.balancePerBank)} + uncredited deposits ${grouped(r.uncreditedDeposits)} - unpresented payments ${grouped(r.unpresentedPayments)} = balance per books ${grouped(r.balancePerBooks)} (difference ${grouped(r.difference)})`,
    ],
    columns: [
      { header: 'Item', value: (x: Row) => x.section },
      { header: 'Description', value: (x: Row) => x.description },
      { header: 'Date', value: (x: Row) => x.date },
      { header: 'Reference', value: (x: Row) => x.reference },
      { header: `Amount (${r.currency})`, value: (x: Row) => grouped(x.amount), align: 'right' },
    ],
    rows: rows(r),
  });
}
