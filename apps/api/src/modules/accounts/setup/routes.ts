import {
  accountClass,
  accountGroup,
  accountGroupListQuery,
  accountGroupReply,
  accountType,
  byTypeQuery,
  createAccountGroupBody,
  createCurrencyBody,
  createExchangeRateBody,
  currency,
  currencyReply,
  exchangeRate,
  exchangeRateListQuery,
  exchangeRateReply,
  listQuery,
  paged,
  updateAccountGroupBody,
  updateCurrencyBody,
  updateExchangeRateBody,
} from '@ushirika/contracts';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodApp } from '../../../app.ts';
import { actorOf } from '../../../platform/access.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendExport } from '../../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { accountClasses } from '../schema.ts';
import {
  createCurrency,
  createExchangeRate,
  getExchangeRate,
  listCurrencies,
  listExchangeRates,
  updateCurrency,
  updateExchangeRate,
} from './currencies.ts';
import { createAccountGroup, getAccountGroup, listAccountGroups, updateAccountGroup } from './groups.ts';

const tags = ['accounts'];
const idParams = z.object({ id: z.uuid('Not a valid id') });
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const write = { permission: 'accounts.ledger.update', audience: 'union' } as const;
const ALL = { limit: 10_000, offset: 0 };

/** Classes, groups, currencies and exchange rates (SPEC §7). */
export function accountSetupRoutes(app: ZodApp, deps: AppDeps) {
  const classesOf = (type?: string) =>
    deps.db
      .select()
      .from(accountClasses)
      .where(type ? eq(accountClasses.type, type as 'asset') : undefined)
      .orderBy(asc(accountClasses.code));

  app.get(
    '/accounts/classes',
    {
      config: { access: read },
      schema: { tags, response: { 200: z.object({ data: z.array(accountClass) }) } },
    },
    async () => ({
      data: await classesOf(),
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
      const rows = await classesOf(req.query.type);
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
    async (req, reply) => {
      const { rows, total } = await listAccountGroups(deps.db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'ACCOUNT_GROUPS',
        rows,
        columns: [
          { header: 'Code', value: (r) => r.code },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Class', value: (r) => r.className },
          { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
        ],
      });
    },
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
      const { rows } = await listAccountGroups(deps.db, { type: req.query.type }, ALL);
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
      const data = await createAccountGroup(deps.db, { body: req.body, actorId: actorOf(req).userId });
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
      data: await updateAccountGroup(deps.db, {
        id: req.params.id,
        body: req.body,
        actorId: actorOf(req).userId,
      }),
    }),
  );

  app.get(
    '/accounts/multi-currencies',
    {
      config: { access: read },
      schema: { tags, querystring: listQuery, response: { 200: paged(currency) } },
    },
    async (req, reply) => {
      const { rows, total } = await listCurrencies(deps.db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'CURRENCIES',
        rows,
        columns: [
          { header: 'Code', value: (r) => r.code },
          { header: 'Name', value: (r) => r.name },
          { header: 'Symbol', value: (r) => r.symbol },
          { header: 'Base', value: (r) => (r.isBase ? 'Yes' : 'No') },
          { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
        ],
      });
    },
  );
  app.post(
    '/accounts/multi-currencies',
    {
      config: { access: write },
      schema: { tags, body: createCurrencyBody, response: { 201: currencyReply } },
    },
    async (req, reply) => {
      const data = await createCurrency(deps.db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Currency created successfully', data });
    },
  );
  app.patch(
    '/accounts/multi-currencies/:id',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: updateCurrencyBody, response: { 200: currencyReply } },
    },
    async (req) => ({
      message: 'Currency updated successfully',
      data: await updateCurrency(deps.db, {
        id: req.params.id,
        body: req.body,
        actorId: actorOf(req).userId,
      }),
    }),
  );

  app.get(
    '/accounts/exchange-rates',
    {
      config: { access: read },
      schema: { tags, querystring: exchangeRateListQuery, response: { 200: paged(exchangeRate) } },
    },
    async (req, reply) => {
      const { rows, total } = await listExchangeRates(deps.db, req.query, pageWindow(req.query));
      if (req.query.format === 'json') return pagedReply(rows, total, req.query);
      return sendExport(reply, {
        format: req.query.format,
        name: 'EXCHANGE_RATES',
        rows,
        columns: [
          { header: 'Currency', value: (r) => r.currency },
          { header: 'Date', value: (r) => r.rateDate },
          { header: 'Rate (TZS)', value: (r) => r.rate },
        ],
      });
    },
  );
  app.post(
    '/accounts/exchange-rates',
    {
      config: { access: write },
      schema: { tags, body: createExchangeRateBody, response: { 201: exchangeRateReply } },
    },
    async (req, reply) => {
      const data = await createExchangeRate(deps.db, { body: req.body, actorId: actorOf(req).userId });
      return reply.code(201).send({ message: 'Exchange rate created successfully', data });
    },
  );
  app.get(
    '/accounts/exchange-rates/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: exchangeRate }) } },
    },
    async (req) => ({
      data: await getExchangeRate(deps.db, req.params.id),
    }),
  );
  app.patch(
    '/accounts/exchange-rates/:id',
    {
      config: { access: write },
      schema: { tags, params: idParams, body: updateExchangeRateBody, response: { 200: exchangeRateReply } },
    },
    async (req) => ({
      message: 'Exchange rate updated successfully',
      data: await updateExchangeRate(deps.db, {
        id: req.params.id,
        rate: req.body.rate,
        actorId: actorOf(req).userId,
      }),
    }),
  );
}
