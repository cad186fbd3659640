import {
  bankCoverReply,
  cancelLoanBody,
  createLoanBody,
  detailReply,
  farmerLoan,
  idParams,
  loanBankAccountsReply,
  loanList,
  loanListQuery,
  savedReply,
  savedWarnedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendExport } from '../../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { access, tags } from '../access.ts';
import { approveLoan } from './approve-loan.ts';
import { cancelLoan } from './cancel-loan.ts';
import { createLoan } from './create-loan.ts';
import { getLoan, listLoans, loanBankAccounts, loanCover } from './queries.ts';

/** Farmers' cash advances, recovered from their next settlements. */
export function loansRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/payments/loans',
    {
      config: { access: access.read },
      schema: { tags, querystring: loanListQuery, response: { 200: loanList } },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total } = await listLoans(
        deps.db,
        actorOf(req),
        {
          farmerId: q.farmer_id,
          amcosId: q.amcos_id,
          outstanding: q.outstanding === undefined ? undefined : q.outstanding === 'true',
          status: q.status,
          search: q.search,
          sort: q.sort,
        },
        pageWindow(q),
      );
      if (q.format === 'json') return pagedReply(rows, total, q);
      return sendExport(reply, {
        format: q.format,
        name: 'FARMER-LOANS',
        rows,
        columns: [
          { header: 'Loan no', value: (r) => r.loanNo },
          { header: 'Date', value: (r) => r.issuedOn },
          { header: 'Farmer no', value: (r) => r.farmerNo },
          { header: 'Farmer', value: (r) => r.farmerName, width: 30 },
          { header: 'AMCOS', value: (r) => r.amcosName, width: 30 },
          { header: 'Reason', value: (r) => r.reason, width: 30 },
          { header: 'Amount', value: (r) => r.amount },
          { header: 'Recovered', value: (r) => r.recovered },
          { header: 'Outstanding', value: (r) => r.outstanding },
          { header: 'Status', value: (r) => r.status },
          { header: 'Paid from', value: (r) => r.bankAccountName, width: 30 },
        ],
      });
    },
  );
  app.post(
    '/payments/loans',
    {
      config: { access: access.write },
      schema: { tags, body: createLoanBody, response: { 201: savedReply(farmerLoan) } },
    },
    async (req, reply) => {
      const data = await createLoan(deps.db, actorOf(req), { body: req.body });
      return reply.code(201).send({ message: 'Loan created successfully', data });
    },
  );
  app.get(
    '/payments/loans/bank-accounts',
    { config: { access: access.write }, schema: { tags, response: { 200: loanBankAccountsReply } } },
    async () => ({ data: await loanBankAccounts(deps.db) }),
  );
  app.get(
    '/payments/loans/:id/bank-cover',
    {
      config: { access: access.approve },
      schema: { tags, params: idParams, response: { 200: bankCoverReply } },
    },
    async (req) => ({ data: await loanCover(deps.db, actorOf(req), req.params.id) }),
  );
  app.patch(
    '/payments/loans/:id/approve',
    {
      config: { access: access.approve },
      schema: { tags, params: idParams, response: { 200: savedWarnedReply(farmerLoan) } },
    },
    async (req) => {
      const { loan, warning } = await approveLoan(deps.db, actorOf(req), { id: req.params.id });
      return { message: 'Loan approved and posted', data: loan, ...(warning ? { warning } : {}) };
    },
  );
  app.patch(
    '/payments/loans/:id/cancel',
    {
      config: { access: access.write },
      schema: { tags, params: idParams, body: cancelLoanBody, response: { 200: savedReply(farmerLoan) } },
    },
    async (req) => ({
      message: 'Loan cancelled',
      data: await cancelLoan(deps.db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.get(
    '/payments/loans/:id',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(farmerLoan) } },
    },
    async (req) => ({ data: await getLoan(deps.db, actorOf(req), req.params.id) }),
  );
}
