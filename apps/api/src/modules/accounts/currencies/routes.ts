import {
  createCurrencyBody,
  createExchangeRateBody,
  currency,
  currencyReply,
  exchangeRate,
  exchangeRateListQuery,
  exchangeRateReply,
  idParams,
  listQuery,
  paged,
  updateCurrencyBody,
  updateExchangeRateBody,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendExport } from '../../../platform/exports.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { createCurrency } from './create-currency.ts';
import { createExchangeRate } from './create-exchange-rate.ts';
import { getExchangeRate, listCurrencies, listExchangeRates } from './currencies.ts';
import { updateCurrency } from './update-currency.ts';
import { updateExchangeRate } from './update-exchange-rate.ts';

const tags = ['accounts'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const write = { permission: 'accounts.ledger.update', audience: 'union' } as const;

/** Currencies and exchange rates (SPEC §7). */
export function currencyRoutes(app: ZodApp, deps: AppDeps) {
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
      const data = await createCurrency(deps.db, actorOf(req), req.body);
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
      data: await updateCurrency(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
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
      const data = await createExchangeRate(deps.db, actorOf(req), req.body);
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
      data: await updateExchangeRate(deps.db, actorOf(req), { id: req.params.id, rate: req.body.rate }),
    }),
  );
}
