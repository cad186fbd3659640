import { dec, sum, toMoney } from '@ushirika/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { type BusinessEvent, postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { stockBalances, stockMovements } from './schema.ts';
import { afterIssue } from './valuation.ts';

/**
 * THE stock door: every quantity that enters or leaves a store goes through receiveStock or
 * issueStock, inside the caller's business transaction. Each writes the store's balance (weighted
 * average cost on receipt, issue at the current average), one ledger movement per line with the
 * balance after it, and, when asked, the posting (Dr inventory / Cr GRNI on receipt, Dr inputs
 * issued / Cr inventory on issue) through postBusinessEvent. A throw anywhere undoes it all.
 *
 * Stock can never go negative: an issue locks the item×store balance row, checks, and updates
 * only `where quantity >= asked`; the table's CHECK (quantity >= 0) stands behind both. Two clerks
 * issuing the last 10 bags: the second waits on the lock, then reads 0 left and gets a 409.
 */

export type StockSource = {
  /** The document kind, e.g. `grn`, `stock_issue`, `stock_transfer`, `distribution`. */
  type: string;
  id: string;
  /** Its number (GRN-2026-000001), shown in the ledger. */
  no?: string | null;
};

type Common = {
  storeId: string;
  /** Movement and posting date (YYYY-MM-DD). */
  date: string;
  source: StockSource;
  actorId: string | null;
  /**
   * Post the value moved: a receipt posts `goods_received`, an issue `stock_issue`. Leave it out
   * when the caller posts its own event with the value returned (a transfer, a distribution).
   */
  post?: Pick<BusinessEvent, 'narration' | 'party'>;
  /** Prefix of the field names in error messages, e.g. `lines` gives `lines.2.quantity`. */
  field?: string;
};

export type ReceiveLine = {
  itemId: string;
  quantity: string;
  unitCost: string;
  /**
   * The exact value coming in, when it is known to the cent (a transfer arriving, stock coming
   * back at what it left with); otherwise quantity x unit cost, rounded half-up to the cent.
   */
  value?: string;
  batchNo?: string | null;
  expiryDate?: string | null;
};
export type IssueLine = { itemId: string; quantity: string; batchNo?: string | null };

export type MovedLine = {
  movementId: string;
  itemId: string;
  /** Positive quantity moved, its unit cost and value. */
  quantity: string;
  unitCost: string;
  value: string;
  balanceQuantity: string;
  balanceValue: string;
  balanceAvgCost: string;
};
export type Moved = { value: string; lines: MovedLine[]; journalEntryId: string | null };

type ItemRow = {
  id: string;
  name: string;
  unit: string;
  kind: string;
  active: boolean;
  tracksBatch: boolean;
};

/** Refuses a closed or unknown store, unknown, inactive or service items, and bad quantities. */
async function checkLines(
  tx: DbOrTx,
  storeId: string,
  lines: { itemId: string; quantity: string; unitCost?: string; batchNo?: string | null }[],
  field: string,
  receiving: boolean,
): Promise<{ storeName: string; itemOf: (id: string) => ItemRow }> {
  if (lines.length === 0)
    throw new ValidationError('Add at least one line', { [field]: ['Add at least one line'] });
  const [store] = await tx
    .select({ name: stores.name, active: stores.active })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (!store) throw new NotFoundError('Store not found');
  if (!store.active) {
    throw new ValidationError(`Store ${store.name} is closed: it takes no stock movements`, {
      storeId: [`Store ${store.name} is closed`],
    });
  }
  const ids = [...new Set(lines.map((l) => l.itemId))];
  const found = await tx
    .select({
      id: items.id,
      name: items.name,
      unit: items.unit,
      kind: items.kind,
      active: items.active,
      tracksBatch: items.tracksBatch,
    })
    .from(items)
    .where(inArray(items.id, ids));
  const byId = new Map(found.map((i) => [i.id, i]));
  const errors: Record<string, string[]> = {};
  lines.forEach((line, i) => {
    const item = byId.get(line.itemId);
    const quantity = dec(line.quantity);
    if (!item) errors[`${field}.${i}.itemId`] = ['Unknown item'];
    else if (item.kind !== 'stock')
      errors[`${field}.${i}.itemId`] = [`${item.name} is a service, not kept in stores`];
    else if (receiving && !item.active) errors[`${field}.${i}.itemId`] = [`${item.name} is no longer in use`];
    else if (receiving && item.tracksBatch && !line.batchNo?.trim())
      errors[`${field}.${i}.batchNo`] = [`${item.name} is tracked by batch: give the batch number`];
    if (!quantity.isFinite() || quantity.lte(0))
      errors[`${field}.${i}.quantity`] = ['Quantity must be more than 0'];
    if (line.unitCost !== undefined && dec(line.unitCost).isNegative())
      errors[`${field}.${i}.unitCost`] = ['Unit cost cannot be negative'];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first)
    throw new ValidationError(`Line ${Number(Object.keys(errors)[0]?.split('.')[1]) + 1}: ${first}`, errors);
  return { storeName: store.name, itemOf: (id) => byId.get(id) as ItemRow };
}

/** Lines in item order, so two documents touching the same items lock them in the same order. */
const inLockOrder = <T extends { itemId: string }>(lines: T[]) =>
  lines
    .map((line, index) => ({ line, index }))
    .sort((a, b) =>
      a.line.itemId === b.line.itemId ? a.index - b.index : a.line.itemId < b.line.itemId ? -1 : 1,
    );

async function writeMovements(
  tx: DbOrTx,
  common: Common,
  kind: (typeof stockMovements.$inferInsert)['kind'],
  sign: 1 | -1,
  moved: (MovedLine & { batchNo?: string | null; expiryDate?: string | null })[],
): Promise<void> {
  const rows = await tx
    .insert(stockMovements)
    .values(
      moved.map((m) => ({
        itemId: m.itemId,
        storeId: common.storeId,
        movementDate: common.date,
        kind,
        quantity: sign === 1 ? m.quantity : `-${m.quantity}`,
        unitCost: m.unitCost,
        value: sign === 1 ? m.value : dec(m.value).negated().toFixed(2),
        balanceQuantity: m.balanceQuantity,
        balanceValue: m.balanceValue,
        balanceAvgCost: m.balanceAvgCost,
        sourceType: common.source.type,
        sourceId: common.source.id,
        sourceNo: common.source.no ?? null,
        batchNo: m.batchNo ?? null,
        expiryDate: m.expiryDate ?? null,
        createdBy: common.actorId,
      })),
    )
    .returning({ id: stockMovements.id });
  rows.forEach((r, i) => {
    (moved[i] as MovedLine).movementId = r.id;
  });
}

async function postValue(
  tx: DbOrTx,
  common: Common,
  type: 'goods_received' | 'stock_issue',
  value: string,
): Promise<string | null> {
  if (!common.post || dec(value).isZero()) return null;
  const entry = await postBusinessEvent(
    tx,
    {
      type,
      amount: value,
      date: common.date,
      narration: common.post.narration,
      reference: common.source.no ?? undefined,
      sourceType: common.source.type,
      sourceId: common.source.id,
      actorId: common.actorId,
      party: common.post.party,
    },
    { numberAtCommit: true },
  );
  return entry.id;
}

/** Stock into a store: a GRN, a transfer arriving, a cancelled issue coming back. */
export async function receiveStock(
  tx: DbOrTx,
  input: Common & { kind?: 'receipt' | 'transfer_in' | 'return'; lines: ReceiveLine[] },
): Promise<Moved> {
  const field = input.field ?? 'lines';
  await checkLines(tx, input.storeId, input.lines, field, input.kind !== 'return');
  const moved: (MovedLine & { batchNo?: string | null; expiryDate?: string | null })[] = [];
  for (const { line, index } of inLockOrder(input.lines)) {
    const quantity = dec(line.quantity).toFixed(3);
    const value = line.value ? toMoney(line.value) : toMoney(dec(line.quantity).times(dec(line.unitCost)));
    const [balance] = await tx
      .insert(stockBalances)
      .values({
        itemId: line.itemId,
        storeId: input.storeId,
        quantity,
        value,
        avgCost: sql`round(${value}::numeric / ${quantity}::numeric, 6)`,
      })
      .onConflictDoUpdate({
        target: [stockBalances.itemId, stockBalances.storeId],
        set: {
          quantity: sql`${stockBalances.quantity} + excluded.quantity`,
          value: sql`${stockBalances.value} + excluded.value`,
          avgCost: sql`round((${stockBalances.value} + excluded.value) / (${stockBalances.quantity} + excluded.quantity), 6)`,
          updatedAt: sql`now()`,
        },
      })
      .returning({
        quantity: stockBalances.quantity,
        value: stockBalances.value,
        avgCost: stockBalances.avgCost,
      });
    if (!balance) throw new Error('Stock balance upsert returned nothing');
    moved[index] = {
      movementId: '',
      itemId: line.itemId,
      quantity,
      unitCost: dec(line.unitCost).toFixed(6),
      value,
      balanceQuantity: balance.quantity,
      balanceValue: balance.value,
      balanceAvgCost: balance.avgCost,
      batchNo: line.batchNo?.trim() || null,
      expiryDate: line.expiryDate ?? null,
    };
  }
  await writeMovements(tx, input, input.kind ?? 'receipt', 1, moved);
  const total = sum(moved.map((m) => m.value)).toFixed(2);
  const journalEntryId = await postValue(tx, input, 'goods_received', total);
  return { value: total, lines: moved.map(({ batchNo, expiryDate, ...m }) => m), journalEntryId };
}

/** Stock out of a store at its weighted average cost: an issue, a transfer leaving, a distribution. */
export async function issueStock(
  tx: DbOrTx,
  input: Common & { kind?: 'issue' | 'transfer_out'; lines: IssueLine[] },
): Promise<Moved> {
  const field = input.field ?? 'lines';
  const { storeName, itemOf } = await checkLines(tx, input.storeId, input.lines, field, false);
  const moved: (MovedLine & { batchNo?: string | null })[] = [];
  for (const { line, index } of inLockOrder(input.lines)) {
    const where = and(eq(stockBalances.itemId, line.itemId), eq(stockBalances.storeId, input.storeId));
    const [before] = await tx
      .select({
        quantity: stockBalances.quantity,
        value: stockBalances.value,
        avgCost: stockBalances.avgCost,
      })
      .from(stockBalances)
      .where(where)
      .for('update');
    const item = itemOf(line.itemId);
    const held = before?.quantity ?? '0';
    const after = before ? afterIssue(before, line.quantity) : null;
    const short = () => {
      const message = `Not enough ${item.name} in ${storeName}: ${dec(held).toString()} ${item.unit} in store, ${dec(line.quantity).toString()} asked`;
      return new ConflictError(message, { [`${field}.${index}.quantity`]: [message] });
    };
    if (!before || !after) throw short();
    const [balance] = await tx
      .update(stockBalances)
      .set({ quantity: after.balance.quantity, value: after.balance.value, updatedAt: sql`now()` })
      .where(and(where, gte(stockBalances.quantity, dec(line.quantity).toFixed(3))))
      .returning({
        quantity: stockBalances.quantity,
        value: stockBalances.value,
        avgCost: stockBalances.avgCost,
      });
    if (!balance) throw short();
    moved[index] = {
      movementId: '',
      itemId: line.itemId,
      quantity: dec(line.quantity).toFixed(3),
      unitCost: dec(before.avgCost).toFixed(6),
      value: after.value,
      balanceQuantity: balance.quantity,
      balanceValue: balance.value,
      balanceAvgCost: balance.avgCost,
      batchNo: line.batchNo?.trim() || null,
    };
  }
  await writeMovements(tx, input, input.kind ?? 'issue', -1, moved);
  const total = sum(moved.map((m) => m.value)).toFixed(2);
  const journalEntryId = await postValue(tx, input, 'stock_issue', total);
  return { value: total, lines: moved.map(({ batchNo, ...m }) => m), journalEntryId };
}
