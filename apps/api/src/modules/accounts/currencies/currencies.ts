import type { Currency, ExchangeRate } from '@ushirika/contracts';
import { and, asc, desc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, type PageWindow, pageOf } from '../../../platform/list.ts';
import { currencies, exchangeRates } from '../schema.ts';

export const currencyColumns = {
  id: currencies.id,
  code: currencies.code,
  name: currencies.name,
  symbol: currencies.symbol,
  isBase: currencies.isBase,
  active: currencies.active,
};

export async function listCurrencies(
  db: DbOrTx,
  query: { search?: string | undefined; sort?: string | undefined },
  window: PageWindow,
): Promise<{ rows: Currency[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where = pattern ? or(ilike(currencies.code, pattern), ilike(currencies.name, pattern)) : undefined;
  return pageOf(db, () => db.select(currencyColumns).from(currencies).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable: { code: currencies.code, name: currencies.name },
      fallback: [desc(currencies.isBase), asc(currencies.code)],
      tiebreak: currencies.id,
    },
    window,
  });
}

export async function getCurrency(db: DbOrTx, id: string): Promise<Currency> {
  const [row] = await db.select(currencyColumns).from(currencies).where(eq(currencies.id, id));
  if (!row) throw new NotFoundError('Currency not found');
  return row;
}

export const rateColumns = {
  id: exchangeRates.id,
  currency: exchangeRates.currency,
  rateDate: exchangeRates.rateDate,
  rate: exchangeRates.rate,
  createdAt: exchangeRates.createdAt,
};
type RateRow = Omit<ExchangeRate, 'createdAt'> & { createdAt: Date };
export const toRate = (r: RateRow): ExchangeRate => ({ ...r, createdAt: r.createdAt.toISOString() });

export async function listExchangeRates(
  db: DbOrTx,
  query: { currency?: string | undefined; sort?: string | undefined; search?: string | undefined },
  window: PageWindow,
): Promise<{ rows: ExchangeRate[]; total: number }> {
  const where: SQL | undefined = and(
    query.currency ? eq(exchangeRates.currency, query.currency) : undefined,
    query.search ? ilike(exchangeRates.currency, likeContains(query.search)) : undefined,
  );
  const sortable = { rate_date: exchangeRates.rateDate, currency: exchangeRates.currency };
  const { rows, total } = await pageOf(db, () => db.select(rateColumns).from(exchangeRates).$dynamic(), {
    where,
    order: {
      sort: query.sort,
      sortable,
      fallback: [desc(exchangeRates.rateDate), asc(exchangeRates.currency)],
      tiebreak: exchangeRates.id,
    },
    window,
  });
  return { rows: rows.map(toRate), total };
}

export async function getExchangeRate(db: DbOrTx, id: string): Promise<ExchangeRate> {
  const [row] = await db.select(rateColumns).from(exchangeRates).where(eq(exchangeRates.id, id));
  if (!row) throw new NotFoundError('Exchange rate not found');
  return toRate(row);
}

/** The rate in force on `day` (the latest on or before it); 1 for the base currency. */
export async function rateOn(db: DbOrTx, currency: string, day: string): Promise<string | undefined> {
  const [base] = await db
    .select({ isBase: currencies.isBase })
    .from(currencies)
    .where(eq(currencies.code, currency));
  if (!base) return undefined;
  if (base.isBase) return '1';
  const [row] = await db
    .select({ rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), lte(exchangeRates.rateDate, day)))
    .orderBy(desc(exchangeRates.rateDate))
    .limit(1);
  return row?.rate;
}
