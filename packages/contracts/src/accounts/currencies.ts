import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isAboveZero } from '../fields.ts';

/** Exchange rates: TZS per one unit of the currency, up to 6 decimals. */
export const rate = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'Enter a rate with at most 6 decimals');
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Enter a 3-letter currency code, e.g. USD');

const name = z.string().trim().min(1, 'Required').max(120);

export const currency = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  symbol: z.string().nullable(),
  isBase: z.boolean(),
  active: z.boolean(),
});
export type Currency = z.infer<typeof currency>;
export const createCurrencyBody = z.object({
  code: currencyCode,
  name,
  symbol: z.string().trim().max(8).nullable().default(null),
});
export const updateCurrencyBody = createCurrencyBody
  .omit({ code: true })
  .partial()
  .extend({ active: z.boolean().optional() });

export const exchangeRate = z.object({
  id: uuid,
  currency: z.string(),
  rateDate: z.string(),
  rate: z.string(),
  createdAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;
export const createExchangeRateBody = z.object({
  currency: currencyCode,
  rateDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD'),
  rate: rate.refine(isAboveZero, 'The rate must be above zero'),
});
export const updateExchangeRateBody = z.object({
  rate: rate.refine(isAboveZero, 'The rate must be above zero'),
});
export const exchangeRateListQuery = listQuery.extend({ currency: currencyCode.optional() });

export const currencyReply = z.object({ message: z.string(), data: currency });
export const exchangeRateReply = z.object({ message: z.string(), data: exchangeRate });
