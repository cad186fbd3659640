import {
  createJournalEntryBody,
  idParams,
  journalEntryDetailReply,
  journalEntryListQuery,
  journalEntryReply,
  journalEntrySummary,
  paged,
  reverseJournalEntryBody,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { approveJournalEntry } from './approve-journal-entry.ts';
import { createJournalEntry } from './create-journal-entry.ts';
import { getJournalEntry, listJournalEntries } from './queries.ts';
import { reverseJournalEntry } from './reverse-journal-entry.ts';

const tags = ['journal-entries'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;

export function journalEntryRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/journal-entries',
    {
      config: { access: read },
      schema: { tags, querystring: journalEntryListQuery, response: { 200: paged(journalEntrySummary) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listJournalEntries(deps.db, req.query, window), {
        name: 'JOURNAL_ENTRIES',
        columns: [
          { header: 'Number', value: (r) => r.number },
          { header: 'Date', value: (r) => r.entryDate },
          { header: 'Book', value: (r) => r.book },
          { header: 'Narration', value: (r) => r.narration, width: 40 },
          { header: 'Reference', value: (r) => r.reference },
          { header: 'Total (TZS)', value: (r) => r.total },
          { header: 'Status', value: (r) => r.status },
          { header: 'Entered by', value: (r) => r.createdByName },
          { header: 'Approved by', value: (r) => r.approvedByName },
        ],
      }),
  );
  app.post(
    '/accounts/journal-entries',
    {
      config: { access: { permission: 'accounts.journal.create', audience: 'union' } },
      schema: { tags, body: createJournalEntryBody, response: { 201: journalEntryReply } },
    },
    async (req, reply) => {
      const data = await createJournalEntry(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Journal entry created successfully', data });
    },
  );
  app.get(
    '/accounts/journal-entries/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: journalEntryDetailReply } },
    },
    async (req) => ({ data: await getJournalEntry(deps.db, req.params.id) }),
  );
  app.patch(
    '/accounts/journal-entries/:id/approve',
    {
      config: { access: { permission: 'accounts.journal.approve', audience: 'union' } },
      schema: { tags, params: idParams, response: { 200: journalEntryReply } },
    },
    async (req) => ({
      message: 'Journal entry approved successfully',
      data: await approveJournalEntry(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.patch(
    '/accounts/journal-entries/:id/reverse',
    {
      config: { access: { permission: 'accounts.journal.approve', audience: 'union' } },
      schema: { tags, params: idParams, body: reverseJournalEntryBody, response: { 201: journalEntryReply } },
    },
    async (req, reply) => {
      const data = await reverseJournalEntry(deps.db, actorOf(req), { ...req.body, id: req.params.id });
      return reply.code(201).send({ message: 'Journal entry reversed successfully', data });
    },
  );
}
