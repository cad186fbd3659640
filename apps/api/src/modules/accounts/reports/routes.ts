import {
  budgetVsActualQuery,
  budgetVsActualRow,
  controlAccountsQuery,
  controlAccountsReply,
  generalLedgerQuery,
  generalLedger as generalLedgerShape,
  trialBalanceQuery,
  trialBalance as trialBalanceShape,
} from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { type ExportColumn, toXlsx } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { budgetVsActual } from '../budgets/budget-vs-actual.ts';
import { controlAccounts } from './control-accounts.ts';
import { generalLedger } from './general-ledger.ts';
import { grouped, tablePdf } from './pdf.ts';
import { trialBalance } from './trial-balance.ts';

const tags = ['reports'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function sendFile(reply: FastifyReply, name: string, format: 'xlsx' | 'pdf', body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  return reply.type(format === 'pdf' ? 'application/pdf' : XLSX).send(body);
}

/** Columns shared by the xlsx and the PDF of a report: header, value, right-aligned amounts. */
function both<T>(columns: { header: string; value: (r: T) => string; amount?: boolean }[]) {
  const xlsx: ExportColumn<T>[] = columns.map((c) => ({
    header: c.header,
    value: c.value,
    width: c.amount ? 18 : 30,
  }));
  const pdf = columns.map((c) => ({
    header: c.header,
    value: c.amount ? (r: T) => grouped(c.value(r)) : c.value,
    ...(c.amount ? { align: 'right' as const } : {}),
  }));
  return { xlsx, pdf };
}

export function financialReportRoutes(app: ZodApp, deps: AppDeps) {
  balanceReportRoutes(app, deps);
  ledgerReportRoutes(app, deps);
}

/** The control accounts beside their sub-ledgers, and the trial balance. */
function balanceReportRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/control-accounts',
    {
      config: { access: read },
      schema: { tags, querystring: controlAccountsQuery, response: { 200: controlAccountsReply } },
    },
    async (req, reply) => {
      const report = await controlAccounts(deps.db);
      if (req.query.format === 'json') return { data: report };
      type Row = (typeof report.checks)[number];
      const cols = both<Row>([
        { header: 'Control account', value: (r) => `${r.name}: ${r.accounts.join(', ')}` },
        { header: 'Sub-ledger', value: (r) => r.subledger },
        { header: 'Control balance', value: (r) => r.controlBalance, amount: true },
        { header: 'Sub-ledger balance', value: (r) => r.subledgerBalance, amount: true },
        { header: 'Difference', value: (r) => r.difference, amount: true },
      ]);
      const name = `CONTROL_ACCOUNTS_${report.asAt}`;
      const body =
        req.query.format === 'xlsx'
          ? await toXlsx(name, cols.xlsx, report.checks)
          : await tablePdf(await unionLetterhead(deps.db), {
              title: 'Control accounts and their sub-ledgers',
              subtitle: [
                `As at ${report.asAt}, amounts in TZS`,
                report.agreed ? 'Every control account agrees with its sub-ledger.' : 'DIFFERENCES FOUND.',
              ],
              columns: cols.pdf,
              rows: report.checks,
            });
      return sendFile(reply, name, req.query.format, body);
    },
  );

  app.get(
    '/reports/trial-balance',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: trialBalanceQuery,
        response: { 200: z.object({ data: trialBalanceShape }) },
      },
    },
    async (req, reply) => {
      const tb = await trialBalance(deps.db, {
        book: req.query.book,
        asAt: req.query.as_at,
        from: req.query.from,
      });
      if (req.query.format === 'json') return { data: tb };
      type Row = (typeof tb.rows)[number];
      const cols = both<Row>([
        { header: 'Code', value: (r) => r.code },
        { header: 'Account', value: (r) => r.name },
        { header: 'Opening debit', value: (r) => r.openingDebit, amount: true },
        { header: 'Opening credit', value: (r) => r.openingCredit, amount: true },
        { header: 'Period debit', value: (r) => r.periodDebit, amount: true },
        { header: 'Period credit', value: (r) => r.periodCredit, amount: true },
        { header: 'Closing debit', value: (r) => r.closingDebit, amount: true },
        { header: 'Closing credit', value: (r) => r.closingCredit, amount: true },
      ]);
      const t = tb.totals;
      const totals = [
        '',
        'Total',
        t.openingDebit,
        t.openingCredit,
        t.periodDebit,
        t.periodCredit,
        t.closingDebit,
        t.closingCredit,
      ];
      const name = `${tb.book.toUpperCase()}_TRIAL_BALANCE_${tb.asAt}`;
      const totalRow = { accountId: '', code: '', name: 'Total', type: 'asset' as const, ...t };
      const body =
        req.query.format === 'xlsx'
          ? await toXlsx(name, cols.xlsx, [...tb.rows, totalRow])
          : await tablePdf(await unionLetterhead(deps.db), {
              title: `Trial balance: ${tb.book} book`,
              subtitle: [`Period ${tb.from} to ${tb.asAt}, amounts in TZS`],
              columns: cols.pdf,
              rows: tb.rows,
              totals: totals.map((v, i) => (i > 1 ? grouped(v) : v)),
            });
      return sendFile(reply, name, req.query.format, body);
    },
  );
}

/** An account's general ledger, and a budget beside what was posted. */
function ledgerReportRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/general-ledger',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: generalLedgerQuery,
        response: { 200: z.object({ data: generalLedgerShape }) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const file = q.format !== 'json';
      const gl = await generalLedger(deps.db, {
        accountId: q.account_id,
        from: q.from,
        to: q.to,
        after: q.after,
        limit: file ? 100_000 : q.limit,
      });
      if (q.format === 'json') return { data: gl };
      type Line = (typeof gl.lines)[number];
      const cols = both<Line>([
        { header: 'Date', value: (r) => r.entryDate },
        { header: 'Narration', value: (r) => r.description ?? r.narration },
        { header: 'Entry', value: (r) => r.entryNumber },
        { header: 'Debit', value: (r) => r.debit, amount: true },
        { header: 'Credit', value: (r) => r.credit, amount: true },
        { header: 'Balance', value: (r) => r.balance, amount: true },
      ]);
      const name = `GENERAL_LEDGER_${gl.account.code}_${gl.from}_${gl.to}`;
      const body =
        q.format === 'xlsx'
          ? await toXlsx(name, cols.xlsx, gl.lines)
          : await tablePdf(await unionLetterhead(deps.db), {
              title: `General ledger: ${gl.account.code} ${gl.account.name} (${gl.account.book})`,
              subtitle: [
                `${gl.from} to ${gl.to}, amounts in TZS`,
                `Opening balance ${grouped(gl.openingBalance)}; closing balance ${grouped(gl.closingBalance)}`,
              ],
              columns: cols.pdf,
              rows: gl.lines,
            });
      return sendFile(reply, name, q.format, body);
    },
  );

  app.get(
    '/reports/budget-vs-actual',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: budgetVsActualQuery,
        response: {
          200: z.object({ data: z.object({ budgetId: z.string(), rows: z.array(budgetVsActualRow) }) }),
        },
      },
    },
    async (req, reply) => {
      const report = await budgetVsActual(deps.db, req.query.budget_id);
      if (req.query.format === 'json') return { data: report };
      type Row = (typeof report.rows)[number];
      const cols = both<Row>([
        { header: 'Code', value: (r) => r.accountCode },
        { header: 'Account', value: (r) => r.accountName },
        { header: 'Budget', value: (r) => r.budget, amount: true },
        { header: 'Adjustments', value: (r) => r.adjustments, amount: true },
        { header: 'Revised', value: (r) => r.revised, amount: true },
        { header: 'Actual', value: (r) => r.actual, amount: true },
        { header: 'Variance', value: (r) => r.variance, amount: true },
      ]);
      const name = 'BUDGET_VS_ACTUAL';
      const body =
        req.query.format === 'xlsx'
          ? await toXlsx(name, cols.xlsx, report.rows)
          : await tablePdf(await unionLetterhead(deps.db), {
              title: 'Budget against actual',
              subtitle: ['Amounts in TZS'],
              columns: cols.pdf,
              rows: report.rows,
            });
      return sendFile(reply, name, req.query.format, body);
    },
  );
}
