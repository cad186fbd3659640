import {
  createMemberBody,
  detailReply,
  idParams,
  loanBankAccountsReply,
  member,
  memberCandidateQuery,
  memberCandidates,
  memberList,
  memberListQuery,
  memberSettingsBody,
  memberSettingsQuery,
  memberSettingsReply,
  memberSettingsSaved,
  memberStatementQuery,
  recordMemberPaymentBody,
  savedReply,
  updateMemberBody,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendExport, sendPdf } from '../../../platform/exports.ts';
import { pageWindow } from '../../../platform/list.ts';
import { access, tags } from './access.ts';
import { createMember } from './create-member.ts';
import { memberStatementPdf, STATEMENT_COLUMNS, statementFileName } from './member-statement-files.ts';
import {
  memberCandidates as candidates,
  getMember,
  listMembers,
  memberBankAccounts,
  memberStatement,
  readMemberSettings,
} from './queries.ts';
import { recordMemberPayment } from './record-member-payment.ts';
import { saveMemberSettings } from './save-member-settings.ts';
import { updateMember } from './update-member.ts';

/** The register's list: one page as JSON, or the whole filtered list as a sheet or PDF. */
function memberListRoute(app: ZodApp, deps: AppDeps) {
  app.get(
    '/members',
    {
      config: { access: access.read },
      schema: { tags, querystring: memberListQuery, response: { 200: memberList } },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total, totals } = await listMembers(deps.db, actorOf(req), q, pageWindow(q));
      if (q.format === 'json')
        return { data: rows, meta: { page: q.page, per_page: q.per_page, total }, totals };
      return sendExport(reply, {
        format: q.format,
        name: 'MEMBERS',
        rows,
        columns: [
          { header: 'Member no', value: (r) => r.memberNo },
          { header: 'Member', value: (r) => r.name, width: 30 },
          { header: 'Joined', value: (r) => r.joinedOn },
          { header: 'Shares subscribed', value: (r) => r.sharesSubscribed },
          { header: 'Shares paid', value: (r) => r.sharesPaid },
          { header: 'Shares unpaid', value: (r) => r.sharesUnpaid },
          { header: 'Entrance fee paid', value: (r) => r.entranceFeePaid },
          { header: 'Status', value: (r) => r.status, label: 'members.status' },
        ],
      });
    },
  );
}

/**
 * Member registers (#32): the union's (its AMCOS) and each AMCOS's (its farmers). Every route is
 * declared for readers of farmers; the register itself then decides (access.ts): the union's for
 * union staff, changed by who may post; an AMCOS's for its own users and union staff.
 */
export function memberRegisterRoutes(app: ZodApp, deps: AppDeps) {
  memberListRoute(app, deps);
  app.post(
    '/members',
    {
      config: { access: access.read },
      schema: { tags, body: createMemberBody, response: { 201: savedReply(member) } },
    },
    async (req, reply) => {
      const data = await createMember(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Member registered successfully', data });
    },
  );
  app.get(
    '/members/candidates',
    {
      config: { access: access.read },
      schema: { tags, querystring: memberCandidateQuery, response: { 200: memberCandidates } },
    },
    async (req) => ({ data: await candidates(deps.db, actorOf(req), req.query) }),
  );
  app.get(
    '/members/bank-accounts',
    { config: { access: access.read }, schema: { tags, response: { 200: loanBankAccountsReply } } },
    async (req) => ({ data: await memberBankAccounts(deps.db, actorOf(req)) }),
  );
  app.get(
    '/members/settings',
    {
      config: { access: access.read },
      schema: { tags, querystring: memberSettingsQuery, response: { 200: memberSettingsReply } },
    },
    async (req) => ({ data: await readMemberSettings(deps.db, actorOf(req), req.query.society) }),
  );
  app.put(
    '/members/settings',
    {
      config: { access: access.read },
      schema: { tags, body: memberSettingsBody, response: { 200: memberSettingsSaved } },
    },
    async (req) => ({
      message: 'Share minimum saved successfully',
      data: await saveMemberSettings(deps.db, actorOf(req), req.body),
    }),
  );
  app.post(
    '/members/:id/payments',
    {
      config: { access: access.read },
      schema: {
        tags,
        params: idParams,
        body: recordMemberPaymentBody,
        response: { 201: savedReply(member) },
      },
    },
    async (req, reply) => {
      const data = await recordMemberPayment(deps.db, actorOf(req), {
        memberId: req.params.id,
        body: req.body,
      });
      return reply.code(201).send({ message: 'Member payment recorded successfully', data });
    },
  );
  app.get(
    '/members/:id/statement',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, querystring: memberStatementQuery },
    },
    async (req, reply) => {
      const statement = await memberStatement(deps.db, actorOf(req), req.params.id);
      if (req.query.format === 'json') return { data: statement };
      const name = statementFileName(statement);
      if (req.query.format === 'pdf')
        return sendPdf(reply, name, await memberStatementPdf(deps.db, statement));
      return sendExport(reply, { format: 'xlsx', name, rows: statement.lines, columns: STATEMENT_COLUMNS });
    },
  );
  app.patch(
    '/members/:id',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, body: updateMemberBody, response: { 200: savedReply(member) } },
    },
    async (req) => ({
      message: 'Member updated successfully',
      data: await updateMember(deps.db, actorOf(req), { memberId: req.params.id, body: req.body }),
    }),
  );
  app.get(
    '/members/:id',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(member) } },
    },
    async (req) => ({ data: await getMember(deps.db, actorOf(req), req.params.id) }),
  );
}
