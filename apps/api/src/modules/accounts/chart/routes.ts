import {
  account,
  accountClass,
  accountDetailReply,
  accountExportQuery,
  accountGroup,
  accountGroupListQuery,
  accountGroupReply,
  accountListQuery,
  accountMapping,
  accountOption,
  accountReply,
  accountType,
  bookQuery,
  byTypeQuery,
  createAccountBody,
  createAccountGroupBody,
  idParams,
  paged,
  updateAccountBody,
  updateAccountGroupBody,
  updateMappingsBody,
} from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendExport } from '../../../platform/exports.ts';
import { localRowName } from '../../../platform/labels.ts';
import { EXPORT_ROW_LIMIT } from '../../../platform/list.ts';
import { createAccount } from './create-account.ts';
import { createAccountGroup } from './create-account-group.ts';
import { accountExportColumns } from './export.ts';
import { getAccountGroup, listAccountGroups } from './groups.ts';
import { listMappings } from './mappings.ts';
import { accountOptions, getAccount, listAccountClasses, listAccounts } from './queries.ts';
import { updateAccount } from './update-account.ts';
import { updateAccountGroup } from './update-account-group.ts';
import { updateMappings } from './update-mappings.ts';

const tags = ['accounts'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const write = { permission: 'accounts.ledger.update', audience: 'union' } as const;
const ALL = { limit: EXPORT_ROW_LIMIT, offset: 0 };
const ALL_GROUPS = { limit: 10_000, offset: 0 };
const options = z.object({ data: z.array(accountOption) });
const REVENUE_AND_EXPENSE = ['income', 'expense'] as const;

/** The chart (SPEC §7): classes, groups, accounts (ledgers), their pickers, the mode export and the posting mappings. */
export function chartRoutes(app: ZodApp, deps: AppDeps) {
  classAndGroupRoutes(app, deps);
  accountRoutes(app, deps);
  mappingRoutes(app, deps);
}

/** The account classes and groups of the chart. */
function classAndGroupRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/classes',
    {
      config: { access: read },
      schema: { tags, response: { 200: z.object({ data: z.array(accountClass) }) } },
    },
    async () => ({
      data: await listAccountClasses(deps.db),
    }),
  );
  app.get(
    '/accounts/classes-by-type',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: byTypeQuery,
        response: {
          200: z.object({ data: z.array(z.object({ type: accountType, classes: z.array(accountClass) })) }),
        },
      },
    },
    async (req) => {
      const rows = await listAccountClasses(deps.db, req.query.type);
      const types = req.query.type ? [req.query.type] : accountType.options;
      return { data: types.map((type) => ({ type, classes: rows.filter((r) => r.type === type) })) };
    },
  );

  app.get(
    '/accounts/groups',
    {
      config: { access: read },
      schema: { tags, querystring: accountGroupListQuery, response: { 200: paged(accountGroup) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listAccountGroups(deps.db, req.query, window), {
        name: 'ACCOUNT_GROUPS',
        columns: [
          { header: 'Code', value: (r) => r.code },
          { header: 'Name', value: (r) => localRowName(r), width: 30 },
          { header: 'Class', value: (r) => r.className },
          { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
        ],
      }),
  );
  app.get(
    '/accounts/groups-by-type',
    {
      config: { access: read },
      schema: {
        tags,
        querystring: byTypeQuery,
        response: {
          200: z.object({ data: z.array(z.object({ type: accountType, groups: z.array(accountGroup) })) }),
        },
      },
    },
    async (req) => {
      const { rows } = await listAccountGroups(deps.db, { type: req.query.type }, ALL_GROUPS);
      const types = req.query.type ? [req.query.type] : accountType.options;
      return { data: types.map((type) => ({ type, groups: rows.filter((r) => r.type === type) })) };
    },
  );
  app.post(
    '/accounts/groups',
    {
      config: { access: write },
      schema: { tags, body: createAccountGroupBody, response: { 201: accountGroupReply } },
    },
    async (req, reply) => {
      const data = await createAccountGroup(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Account group created successfully', data });
    },
  );
  app.get(
    '/accounts/groups/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: accountGroup }) } },
    },
    async (req) => ({
      data: await getAccountGroup(deps.db, req.params.id),
    }),
  );
  app.patch(
    '/accounts/groups/:id',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: updateAccountGroupBody, response: { 200: accountGroupReply } },
    },
    async (req) => ({
      message: 'Account group updated successfully',
      data: await updateAccountGroup(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
}

/** The account mappings the postings read (one account per posting key). */
function mappingRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/mappings',
    {
      config: { access: read },
      schema: { tags, response: { 200: z.object({ data: z.array(accountMapping) }) } },
    },
    async () => ({
      data: await listMappings(deps.db),
    }),
  );
  app.put(
    '/accounts/mappings',
    {
      config: { access: write },
      schema: {
        tags,
        body: updateMappingsBody,
        response: { 200: z.object({ message: z.string(), data: z.array(accountMapping) }) },
      },
    },
    async (req) => ({
      message: 'Account mappings updated successfully',
      data: await updateMappings(deps.db, actorOf(req), req.body),
    }),
  );
}

/** The accounts: lists (all, cash or bank, revenue and expense), export, one account, create and change. */
function accountRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts',
    {
      config: { access: read },
      schema: { tags, querystring: accountListQuery, response: { 200: paged(account) } },
    },
    // The accounts page's one export: the list's filters, named as accounts/exports names its file.
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listAccounts(deps.db, req.query, window), {
        name: 'ACCOUNTS',
        columns: accountExportColumns,
      }),
  );
  app.post(
    '/accounts',
    { config: { access: write }, schema: { tags, body: createAccountBody, response: { 201: accountReply } } },
    async (req, reply) => {
      const data = await createAccount(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Account created successfully', data });
    },
  );
  app.get(
    '/accounts/cash-or-bank',
    {
      config: { access: read },
      schema: { tags, querystring: bookQuery, response: { 200: z.object({ data: z.array(account) }) } },
    },
    async (req) => ({
      data: (await listAccounts(deps.db, { book: req.query.book, is_bank_or_cash: true, active: true }, ALL))
        .rows,
    }),
  );
  app.get(
    '/accounts/revenue-and-expense',
    {
      config: { access: read },
      schema: { tags, querystring: bookQuery, response: { 200: z.object({ data: z.array(account) }) } },
    },
    async (req) => ({
      data: (
        await listAccounts(
          deps.db,
          { book: req.query.book, types: [...REVENUE_AND_EXPENSE], active: true },
          ALL,
        )
      ).rows,
    }),
  );
  app.get(
    '/bank-or-cash/accounts',
    { config: { access: read }, schema: { tags, querystring: bookQuery, response: { 200: options } } },
    async (req) => ({
      data: await accountOptions(deps.db, { book: req.query.book, bankOrCash: true }),
    }),
  );
  app.get(
    '/revenue-and-expense/accounts',
    { config: { access: read }, schema: { tags, querystring: bookQuery, response: { 200: options } } },
    async (req) => ({
      data: await accountOptions(deps.db, { book: req.query.book, types: [...REVENUE_AND_EXPENSE] }),
    }),
  );
  app.get(
    '/accounts/exports',
    { config: { access: read }, schema: { tags, querystring: accountExportQuery } },
    async (req, reply) => {
      const { rows } = await listAccounts(deps.db, { book: req.query.mode }, ALL);
      if (req.query.type === 'json') return { data: rows };
      const name = `${req.query.mode.toUpperCase()}_ACCOUNTS_${todayInTanzania()}`;
      return sendExport(reply, { format: 'xlsx', name, columns: accountExportColumns, rows });
    },
  );
  app.get(
    '/accounts/:id',
    { config: { access: read }, schema: { tags, params: idParams, response: { 200: accountDetailReply } } },
    async (req) => ({
      data: await getAccount(deps.db, req.params.id),
    }),
  );
  app.patch(
    '/accounts/:id',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: updateAccountBody, response: { 200: accountReply } },
    },
    async (req) => ({
      message: 'Account updated successfully',
      data: await updateAccount(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
}
