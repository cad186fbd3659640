import type { SupplierAgedReport } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { accountId, THIS_YEAR } from '../../accounts/testing.ts';
import { supplierStatement } from '../suppliers/statement.ts';
import { makeSupplier } from '../testing.ts';

const Y = THIS_YEAR;
const HEADER = 'supplier_code,invoice_no,invoice_date,due_date,amount,already_paid';
type Preview = {
  data: { rows: { row: number; fate: string; detail: string | null; debit: string | null }[] };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: {
    agreed: boolean;
    checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
  };
};
type Invoice = {
  id: string;
  invoiceNo: string;
  supplierInvoiceNo: string;
  orderId: string | null;
  orderNo: string | null;
  status: string;
  total: string;
  paidAmount: string;
  dueDate: string;
};
type Supplier = { id: string; name: string; tin: string };

let t: TestApp;
let admin: Session;
let accountant: Session;
let manager: Session;
let procurement: Session;
let bank: string;
let suppliers: Supplier[];
let invoiceRows: string[];
let outstanding: string;

const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Invoices entered again' },
  });
const controlDifferences = async () =>
  (
    await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      { token: accountant.access },
    )
  ).body.data.checks.filter((c) => c.difference !== '0.00');
const invoicesOf = async (supplierId: string) =>
  (
    await t.request<{ data: Invoice[] }>('GET', `/purchase/invoices?supplier_id=${supplierId}`, {
      token: procurement.access,
    })
  ).body.data.sort((a, b) => a.supplierInvoiceNo.localeCompare(b.supplierInvoiceNo));

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  accountant = await sessionAs(t, 'Accountant');
  manager = await sessionAs(t, 'Finance Manager');
  procurement = await sessionAs(t, 'Procurement Officer');
  bank = await accountId(t, 'operation', '1101');
  suppliers = [];
  for (const terms of [30, 45, 0])
    suppliers.push((await makeSupplier(t, procurement, { paymentTermsDays: terms })) as Supplier);
  // 3 suppliers, 2 unpaid invoices each: invoice i of 2,000,000 + 100,000 i dated in March or
  // April; the first supplier named by its TIN, the others by name in capitals; invoice 1 part
  // paid 600,000; invoices 4 and 5 without a due date (the supplier's terms).
  invoiceRows = Array.from({ length: 6 }, (_, i) => {
    const s = suppliers[Math.floor(i / 2)] as Supplier;
    const code = i < 2 ? s.tin : s.name.toUpperCase();
    const due = i >= 4 ? '' : `${Y}-05-2${i}`;
    return `${code},INV-${i},${Y}-0${3 + (i % 2)}-1${i},${due},${2_000_000 + 100_000 * i},${i === 1 ? 600_000 : 0}`;
  });
  // sum(2,000,000 + 100,000 i) for i < 6 = 12,000,000 + 1,500,000; less 600,000 paid.
  outstanding = sum([12_000_000, 1_500_000, -600_000]).toFixed(2);
  const openingAccount = await makeOpeningAccount(t, admin, 'operation');
  expect((await goLiveOn(t, accountant, 'operation', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

describe('going live: suppliers’ unpaid invoices (#36)', () => {
  it('offers a template that opens as a spreadsheet with the columns in order and an example', async () => {
    const file = await t.request('GET', '/accounts/opening/supplier_invoices/template?format=xlsx', {
      token: accountant.access,
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw);
    const sheet = workbook.worksheets[0];
    expect(((sheet?.getRow(1).values ?? []) as string[]).slice(1).join(',')).toBe(HEADER);
    expect(sheet?.rowCount).toBe(2);
  });

  it('dry-runs each invoice: unknown supplier, a name two suppliers share, twice, dates, figures', async () => {
    const twin = `Twin supplier ${suppliers[0]?.tin}`;
    await makeSupplier(t, procurement, { name: twin });
    await makeSupplier(t, procurement, { name: twin });
    const s = suppliers[2] as Supplier;
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'supplier_invoices', step: 'preview' },
      csvSheet('supplier-invoices-bad.csv', HEADER, [
        invoiceRows[0] ?? '',
        `Nobody Ltd,X-1,${Y}-03-01,,1000,0`,
        `${twin},X-2,${Y}-03-01,,1000,0`,
        `${s.tin},inv-5,${Y}-03-01,,1000,0`,
        `${s.tin},INV-5,${Y}-03-01,,1000,0`,
        `${s.tin},X-3,${Y}-04-31,,1000,0`,
        `${s.tin},X-4,${Y}-04-30,${Y}-04-01,1000,0`,
        `${s.tin},X-5,${Y}-05-01,,1000,0`,
        `${s.tin},X-6,${Y}-03-01,,1000,2000`,
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', null],
      [3, 'unknown_code', 'Nobody Ltd'],
      [4, 'unknown_code', twin],
      [5, 'ok', null],
      [6, 'duplicate', '5'],
      [7, 'bad_date', 'invoice_date'],
      [8, 'due_before_invoice', null],
      [9, 'after_opening', null],
      [10, 'more_than_amount', null],
    ]);
  });

  it('imports 6 invoices whole, no order and no posting; reversed before any payment, they go and come in again', async () => {
    const sheet = csvSheet('supplier-invoices.csv', HEADER, invoiceRows);
    const first = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'supplier_invoices', step: 'import' },
      sheet,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ rows: 6, total: outstanding, entryId: null });
    expect(
      (await sendOpening(t, accountant, { kind: 'supplier_invoices', step: 'import' }, sheet)).status,
    ).toBe(409);
    expect((await reverse(first.body.data.id)).status).toBe(200);
    expect(await invoicesOf(suppliers[0]?.id ?? '')).toEqual([]);
    expect(
      (await sendOpening(t, accountant, { kind: 'supplier_invoices', step: 'import' }, sheet)).status,
    ).toBe(200);
    const [a, b] = await invoicesOf(suppliers[0]?.id ?? '');
    expect(a).toMatchObject({
      supplierInvoiceNo: 'INV-0',
      total: '2000000.00',
      status: 'open',
      orderId: null,
    });
    expect(b).toMatchObject({ supplierInvoiceNo: 'INV-1', total: '1500000.00', orderNo: null });
    expect(a?.invoiceNo).toMatch(new RegExp(`^PINV-${Y}-`));
    // No due date: the supplier's terms (45 days for the second, 0 for the third).
    const third = await invoicesOf(suppliers[2]?.id ?? '');
    expect(third.map((i) => i.dueDate)).toEqual([`${Y}-03-14`, `${Y}-04-15`]);

    const again = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'supplier_invoices', step: 'preview' },
      csvSheet('one-more.csv', HEADER, [invoiceRows[3] ?? '']),
    );
    expect(again.body.data.rows.map((x) => x.fate)).toEqual(['number_taken']);
  });

  it('ties to the opening trial balance; the book goes live with every control account at 0.00', async () => {
    const tb = csvSheet('operation-tb.csv', 'account_code,account_name,debit,credit', [
      `1101,Operation bank account,${outstanding},`,
      `2101,Supplier payables,,${outstanding}`,
    ]);
    expect(
      (await sendOpening(t, accountant, { kind: 'trial_balance', step: 'import', book: 'operation' }, tb))
        .status,
    ).toBe(200);
    const check = await t.request<Check>('GET', '/accounts/opening/books/operation/check', {
      token: accountant.access,
    });
    expect(check.body.data.checks.find((c) => c.key === 'supplier_payables')).toMatchObject({
      controlBalance: outstanding,
      subledgerBalance: outstanding,
      difference: '0.00',
    });
    expect(check.body.data.agreed).toBe(true);
    expect(
      (await t.request('PATCH', '/accounts/opening/books/operation/confirm', { token: accountant.access }))
        .status,
    ).toBe(200);
    expect(await controlDifferences()).toEqual([]);
  });

  it('ages them from their own dates; a supplier payment pays one; reversal and cancelling are refused', async () => {
    const aged = await t.request<{ data: SupplierAgedReport }>(
      'GET',
      `/reports/supplier/aged?as_at=${Y}-04-30`,
      { token: accountant.access },
    );
    const mine = aged.body.data.details.filter((d) => suppliers.some((s) => s.id === d.supplierId));
    expect(mine).toHaveLength(6);
    expect(sum(mine.map((d) => d.balance)).toFixed(2)).toBe(outstanding);
    expect(mine.find((d) => d.supplierInvoiceNo === 'INV-0')).toMatchObject({
      days: 51,
      d31to60: '2000000.00',
    });

    const supplier = suppliers[0] as Supplier;
    const [inv0] = await invoicesOf(supplier.id);
    const made = await t.request<{ data: { id: string; paymentNo: string } }>('POST', '/purchase/payments', {
      token: accountant.access,
      body: {
        supplierId: supplier.id,
        paymentDate: `${Y}-06-30`,
        bankAccountId: bank,
        allocations: [{ invoiceId: inv0?.id, amount: '1200000' }],
      },
    });
    expect(made.status).toBe(201);
    const approved = await t.request('PATCH', `/purchase/payments/${made.body.data.id}/approve`, {
      token: manager.access,
    });
    expect(approved.status).toBe(200);
    expect((await invoicesOf(supplier.id))[0]).toMatchObject({
      status: 'part_paid',
      paidAmount: '1200000.00',
    });
    expect(await controlDifferences()).toEqual([]);
    const statement = await supplierStatement(t.db, supplier.id, `${Y}-01-01`, `${Y}-12-31`);
    expect(statement.lines.map((l) => l.description)).toEqual([
      'Opening invoice INV-0',
      'Opening invoice INV-1',
      expect.stringMatching(/^Payment/),
    ]);
    expect(statement.closing).toBe('2300000.00');

    const cancel = await t.request<{ message: string }>(
      'PATCH',
      `/purchase/invoices/${(await invoicesOf(supplier.id))[1]?.id}/cancel`,
      { token: procurement.access, body: { reason: 'Not owed' } },
    );
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('An opening invoice is taken out by reversing its opening import');
    const overview = await t.request<{ data: { imports: { id: string; kind: string; status: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    const standing = overview.body.data.imports.find(
      (i) => i.kind === 'supplier_invoices' && i.status === 'imported',
    );
    const refused = await reverse(standing?.id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Payment ${made.body.data.paymentNo} is against opening invoice ${inv0?.invoiceNo}: the opening invoices can no longer be reversed`,
    );
  });

  it('is for accountants of the union: a procurement officer and an AMCOS manager are refused', async () => {
    const amcosManager = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
    const sheet = csvSheet('supplier-invoices-x.csv', HEADER, invoiceRows.slice(0, 1));
    for (const session of [procurement, amcosManager])
      for (const step of ['preview', 'import'] as const)
        expect((await sendOpening(t, session, { kind: 'supplier_invoices', step }, sheet)).status).toBe(403);
  });
});
