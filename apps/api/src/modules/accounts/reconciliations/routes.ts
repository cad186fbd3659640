import {
  acceptMatchesBody,
  acceptMatchesReply,
  csvPreviewBody,
  csvPreviewReply,
  idParams,
  importStatementBody,
  importStatementReply,
  journalEntryReply,
  matchingQuery,
  matchingReply,
  messageReply,
  openReconciliationBody,
  reconciliationAccountsReply,
  reconciliationDetailReply,
  reconciliationFormatQuery,
  reconciliationListQuery,
  reconciliationListReply,
  reconciliationReply,
  statementEntryBody,
  suggestionsQuery,
  suggestionsReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { acceptMatches } from './accept-matches.ts';
import { bankAccount } from './bank-account.ts';
import { closeReconciliation } from './close-reconciliation.ts';
import { draftStatementEntry } from './draft-statement-entry.ts';
import { getReconciliation, listReconciliations } from './get-reconciliation.ts';
import { importStatement } from './import-statement.ts';
import { openReconciliation } from './open-reconciliation.ts';
import { csvPreview } from './parse-csv.ts';
import { listReconciliationAccounts, matchingLines, unmatchedLines } from './queries.ts';
import { reconciliationPdf, reconciliationXlsx } from './statement-files.ts';
import { suggestMatches } from './suggest-matches.ts';
import { unmatch } from './unmatch.ts';

const tags = ['bank-reconciliation'];
const base = '/accounts/bank-reconciliation';
/** Union accountants only: no bank or cash account belongs to an AMCOS today. */
const read = { permission: 'accounts.reconciliation.read', audience: 'union' } as const;
const manage = { permission: 'accounts.reconciliation.manage', audience: 'union' } as const;

export function reconciliationRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    `${base}/accounts`,
    { config: { access: read }, schema: { tags, response: { 200: reconciliationAccountsReply } } },
    async () => ({
      data: await listReconciliationAccounts(deps.db),
    }),
  );
  app.post(
    `${base}/preview`,
    {
      config: { access: manage },
      bodyLimit: 32 * 1024 * 1024,
      schema: { tags, body: csvPreviewBody, response: { 200: csvPreviewReply } },
    },
    async (req) => ({
      data: csvPreview(req.body.content),
    }),
  );
  app.post(
    `${base}/statements`,
    {
      config: { access: manage },
      bodyLimit: 32 * 1024 * 1024,
      schema: { tags, body: importStatementBody, response: { 201: importStatementReply } },
    },
    async (req, reply) => {
      const data = await importStatement(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Statement imported successfully', data });
    },
  );
  app.get(
    `${base}/accounts/:id/lines`,
    {
      config: { access: read },
      schema: { tags, params: idParams, querystring: matchingQuery, response: { 200: matchingReply } },
    },
    async (req) => {
      await bankAccount(deps.db, actorOf(req), req.params.id);
      return { data: await matchingLines(deps.db, req.params.id, req.query) };
    },
  );
  app.get(
    `${base}/accounts/:id/suggestions`,
    {
      config: { access: read },
      schema: { tags, params: idParams, querystring: suggestionsQuery, response: { 200: suggestionsReply } },
    },
    async (req) => {
      await bankAccount(deps.db, actorOf(req), req.params.id);
      const { statement, book } = await unmatchedLines(deps.db, req.params.id);
      return { data: suggestMatches(statement, book, req.query.days) };
    },
  );
  app.post(
    `${base}/accounts/:id/matches`,
    {
      config: { access: manage },
      bodyLimit: 32 * 1024 * 1024,
      schema: { tags, params: idParams, body: acceptMatchesBody, response: { 201: acceptMatchesReply } },
    },
    async (req, reply) => {
      const data = await acceptMatches(deps.db, actorOf(req), {
        accountId: req.params.id,
        matches: req.body.matches,
      });
      return reply.code(201).send({ message: 'Lines matched successfully', data });
    },
  );
  app.delete(
    `${base}/matches/:id`,
    { config: { access: manage }, schema: { tags, params: idParams, response: { 200: messageReply } } },
    async (req) => {
      await unmatch(deps.db, actorOf(req), { id: req.params.id });
      return { message: 'Match undone successfully' };
    },
  );
  app.post(
    `${base}/entries`,
    {
      config: { access: manage },
      schema: { tags, body: statementEntryBody, response: { 201: journalEntryReply } },
    },
    async (req, reply) => {
      const data = await draftStatementEntry(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Journal entry created successfully', data });
    },
  );
  reconciliationStatementRoutes(app, deps);
}

function reconciliationStatementRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    `${base}/reconciliations`,
    {
      config: { access: read },
      schema: { tags, querystring: reconciliationListQuery, response: { 200: reconciliationListReply } },
    },
    async (req) => ({ data: await listReconciliations(deps.db, req.query.account_id) }),
  );
  app.post(
    `${base}/reconciliations`,
    {
      config: { access: manage },
      schema: { tags, body: openReconciliationBody, response: { 201: reconciliationReply } },
    },
    async (req, reply) => {
      const data = await openReconciliation(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Reconciliation started successfully', data });
    },
  );
  app.get(
    `${base}/reconciliations/:id`,
    { config: { access: read }, schema: { tags, params: idParams, querystring: reconciliationFormatQuery } },
    async (req, reply) => {
      const data = await getReconciliation(deps.db, req.params.id);
      const name = `BANK_RECONCILIATION_${data.accountCode}_${data.statementDate}`;
      if (req.query.format === 'pdf')
        return sendPdf(reply, name, await reconciliationPdf(data, await unionLetterhead(deps.db)));
      if (req.query.format === 'xlsx') {
        reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .send(await reconciliationXlsx(data));
      }
      return reconciliationDetailReply.parse({ data });
    },
  );
  app.patch(
    `${base}/reconciliations/:id/close`,
    {
      config: { access: manage },
      schema: { tags, params: idParams, response: { 200: reconciliationReply } },
    },
    async (req) => ({
      message: 'Reconciliation closed successfully',
      data: await closeReconciliation(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
}
