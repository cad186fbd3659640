import type { Currency, ExchangeRate } from '@ushirika/contracts';
import { and, asc, count, desc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../../platform/list.ts';
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
  const [rows, [total]] = await Promise.all([
    db
      .select(currencyColumns)
      .from(currencies)
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          { code: currencies.code, name: currencies.name },
          [desc(currencies.isBase), asc(currencies.code)],
          currencies.id,
        ),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(currencies).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
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
  const [rows, [total]] = await Promise.all([
    db
      .select(rateColumns)
      .from(exchangeRates)
      .where(where)
      .orderBy(
        ...orderByOf(
          query.sort,
          sortable,
          [desc(exchangeRates.rateDate), asc(exchangeRates.currency)],
          exchangeRates.id,
        ),
      )
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(exchangeRates).where(where),
  ]);
  return { rows: rows.map(toRate), total: total?.value ?? 0 };
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
