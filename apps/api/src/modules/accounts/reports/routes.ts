import {
  controlAccountsQuery,
  controlAccountsReply,
  generalLedgerQuery,
  generalLedger as generalLedgerShape,
  trialBalanceQuery,
  trialBalance as trialBalanceShape,
} from '@ushirika/contracts';
import { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { toXlsx } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { controlAccounts } from './control-accounts.ts';
import { generalLedger } from './general-ledger.ts';
import { grouped, tablePdf } from './pdf.ts';
import { bothColumns, controlAccountsFile, sendFile, sendReport, trialBalanceFile } from './report-files.ts';
import { trialBalance } from './trial-balance.ts';

const tags = ['reports'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;

export function financialReportRoutes(app: ZodApp, deps: AppDeps) {
  balanceReportRoutes(app, deps);
  ledgerReportRoutes(app, deps);
}

/** The control accounts beside their sub-ledgers, and the trial balance. */
function balanceReportRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/control-accounts',
    {
      config: { access: read, reportRead: true },
      schema: { tags, querystring: controlAccountsQuery, response: { 200: controlAccountsReply } },
    },
    async (req, reply) => {
      const report = await controlAccounts(deps.reportDb);
      if (req.query.format === 'json') return { data: report };
      return sendReport(
        reply,
        req.query.format,
        controlAccountsFile(report),
        await unionLetterhead(deps.reportDb),
      );
    },
  );

  app.get(
    '/reports/trial-balance',
    {
      config: { access: read, reportRead: true },
      schema: {
        tags,
        querystring: trialBalanceQuery,
        response: { 200: z.object({ data: trialBalanceShape }) },
      },
    },
    async (req, reply) => {
      const tb = await trialBalance(deps.reportDb, {
        book: req.query.book,
        asAt: req.query.as_at,
        from: req.query.from,
      });
      if (req.query.format === 'json') return { data: tb };
      return sendReport(reply, req.query.format, trialBalanceFile(tb), await unionLetterhead(deps.reportDb));
    },
  );
}

/** An account's general ledger (budget against actual is the budgets' route). */
function ledgerReportRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/general-ledger',
    {
      config: { access: read, reportRead: true },
      schema: {
        tags,
        querystring: generalLedgerQuery,
        response: { 200: z.object({ data: generalLedgerShape }) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const file = q.format !== 'json';
      const gl = await generalLedger(deps.reportDb, {
        accountId: q.account_id,
        from: q.from,
        to: q.to,
        after: q.after,
        limit: file ? 100_000 : q.limit,
      });
      if (q.format === 'json') return { data: gl };
      type Line = (typeof gl.lines)[number];
      const cols = bothColumns<Line>([
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
          : await tablePdf(await unionLetterhead(deps.reportDb), {
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
}
