import type {
  Currency,
  createCurrencyBody,
  createExchangeRateBody,
  ExchangeRate,
  updateCurrencyBody,
} from '@ushirika/contracts';
import { and, asc, count, desc, eq, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../../platform/list.ts';
import { currencies, exchangeRates } from '../schema.ts';

const currencyColumns = {
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

async function getCurrency(db: DbOrTx, id: string): Promise<Currency> {
  const [row] = await db.select(currencyColumns).from(currencies).where(eq(currencies.id, id));
  if (!row) throw new NotFoundError('Currency not found');
  return row;
}

export async function createCurrency(
  db: Db,
  { body, actorId }: { body: z.infer<typeof createCurrencyBody>; actorId: string },
): Promise<Currency> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: currencies.id })
      .from(currencies)
      .where(eq(currencies.code, body.code));
    if (taken) throw new ConflictError(`The currency ${body.code} already exists`);
    const [row] = await tx.insert(currencies).values(body).returning(currencyColumns);
    if (!row) throw new Error('Currency insert returned nothing');
    await recordAudit(tx, { actorId, action: 'created', entity: 'currency', entityId: row.id, after: row });
    return row;
  });
}

export async function updateCurrency(
  db: Db,
  { id, body, actorId }: { id: string; body: z.infer<typeof updateCurrencyBody>; actorId: string },
): Promise<Currency> {
  return db.transaction(async (tx) => {
    const before = await getCurrency(tx, id);
    if (before.isBase && body.active === false)
      throw fieldError('active', 'The base currency cannot be deactivated');
    const [after] = await tx
      .update(currencies)
      .set(body)
      .where(eq(currencies.id, id))
      .returning(currencyColumns);
    if (!after) throw new Error('Currency update returned nothing');
    await recordAudit(tx, { actorId, action: 'updated', entity: 'currency', entityId: id, before, after });
    return after;
  });
}

const rateColumns = {
  id: exchangeRates.id,
  currency: exchangeRates.currency,
  rateDate: exchangeRates.rateDate,
  rate: exchangeRates.rate,
  createdAt: exchangeRates.createdAt,
};
type RateRow = Omit<ExchangeRate, 'createdAt'> & { createdAt: Date };
const toRate = (r: RateRow): ExchangeRate => ({ ...r, createdAt: r.createdAt.toISOString() });

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

export async function createExchangeRate(
  db: Db,
  { body, actorId }: { body: z.infer<typeof createExchangeRateBody>; actorId: string },
): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const [currency] = await tx.select().from(currencies).where(eq(currencies.code, body.currency));
    if (!currency) throw fieldError('currency', `The currency ${body.currency} does not exist`);
    if (currency.isBase) throw fieldError('currency', 'The base currency has no exchange rate');
    const [taken] = await tx
      .select({ id: exchangeRates.id })
      .from(exchangeRates)
      .where(and(eq(exchangeRates.currency, body.currency), eq(exchangeRates.rateDate, body.rateDate)));
    if (taken) throw new ConflictError(`${body.currency} already has a rate on ${body.rateDate}`);
    const [row] = await tx
      .insert(exchangeRates)
      .values({ ...body, createdBy: actorId })
      .returning(rateColumns);
    if (!row) throw new Error('Rate insert returned nothing');
    const rate = toRate(row);
    await recordAudit(tx, {
      actorId,
      action: 'created',
      entity: 'exchange_rate',
      entityId: row.id,
      after: rate,
    });
    return rate;
  });
}

export async function updateExchangeRate(
  db: Db,
  { id, rate, actorId }: { id: string; rate: string; actorId: string },
): Promise<ExchangeRate> {
  return db.transaction(async (tx) => {
    const before = await getExchangeRate(tx, id);
    await tx.update(exchangeRates).set({ rate }).where(eq(exchangeRates.id, id));
    const after = await getExchangeRate(tx, id);
    await recordAudit(tx, {
      actorId,
      action: 'updated',
      entity: 'exchange_rate',
      entityId: id,
      before,
      after,
    });
    return after;
  });
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
