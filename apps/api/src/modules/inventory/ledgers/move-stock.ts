import { dec, sum, toMoney } from '@ushirika/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { type BusinessEvent, postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { items } from '../items/schema.ts';
import { stores } from '../stores/schema.ts';
import { addToBalances, type Taken, takeFromBalances } from './balances.ts';
import type { stockMovements } from './schema.ts';
import type { Balance } from './valuation.ts';

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
  /**
   * Its number (GRN-2026-000001), shown in the ledger. A function is called once the balance rows
   * are written, just before the movements: a gap-free counter is then locked for the end of the
   * transaction only, not while the lines are checked and the balances written.
   */
  no?: string | null | (() => Promise<string>);
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
export type Moved = {
  value: string;
  /** The document number used (taken by the door when it was deferred). */
  no: string | null;
  lines: MovedLine[];
  journalEntryId: string | null;
  /** The ledger rows' insert, when the caller asked to run it in its own statement. */
  movementsInsert?: SQL;
};

/**
 * A stock document's lines as it saves them: numbered from 1, each at the quantity, unit cost and
 * value the door moved it at, with its batch and the ledger movement it made (`line` is the line
 * as given, for the document's own columns).
 */
export function movedDocumentLines<L extends { itemId: string; batchNo?: string | null }>(
  lines: L[],
  moved: Moved,
) {
  return lines.map((line, i) => {
    const m = moved.lines[i];
    if (!m) throw new Error('A document line was not moved');
    return {
      line,
      row: {
        lineNo: i + 1,
        itemId: line.itemId,
        quantity: m.quantity,
        unitCost: m.unitCost,
        value: m.value,
        batchNo: line.batchNo ?? null,
        movementId: m.movementId,
      },
    };
  });
}

/** The moved lines as a document's audit event keeps them. */
export const auditedMovedLines = (moved: Moved) =>
  moved.lines.map(({ itemId, quantity, unitCost, value }) => ({ itemId, quantity, unitCost, value }));

/**
 * The store and items an issue checks, read by the caller inside its own first statement (one
 * round trip less each, for a save a clerk waits on): a json expression of the store `storeId`
 * (an SQL uuid expression) and the items whose ids `itemIds` (a subquery) answers. Its result is
 * given to `issueStock` as `read`, which then checks the lines against it instead of reading.
 */
export function stockReadSql(storeId: SQL, itemIds: SQL): SQL {
  return sql`json_build_object(
    'store', (select json_build_object('name', s.name, 'active', s.active) from stores s where s.id = ${storeId}),
    'items', (select coalesce(json_agg(json_build_object('id', i.id, 'name', i.name, 'unit', i.unit, 'kind', i.kind,
        'active', i.active, 'tracksBatch', i.tracks_batch)), '[]') from items i where i.id in (${itemIds})))`;
}

/** What `stockReadSql` answers. */
export const stockRead = z.object({
  store: z.object({ name: z.string(), active: z.boolean() }).nullable(),
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      unit: z.string(),
      kind: z.string(),
      active: z.boolean(),
      tracksBatch: z.boolean(),
    }),
  ),
});
export type StockRead = z.infer<typeof stockRead>;
type ItemRow = StockRead['items'][number];

/** Refuses a closed or unknown store, unknown, inactive or service items, and bad quantities. */
async function checkLines(
  tx: DbOrTx,
  storeId: string,
  lines: { itemId: string; quantity: string; unitCost?: string; batchNo?: string | null }[],
  field: string,
  receiving: boolean,
  read?: StockRead,
): Promise<{ storeName: string; itemOf: (id: string) => ItemRow }> {
  if (lines.length === 0)
    throw new ValidationError('Add at least one line', { [field]: ['Add at least one line'] });
  const [store] = read
    ? read.store
      ? [read.store]
      : []
    : await tx
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
  const found = read
    ? read.items.filter((i) => ids.includes(i.id))
    : await tx
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

/** The ledger rows of the moved lines, as `stock_movements` columns, their ids made here. */
function movementRows(
  common: Common,
  kind: (typeof stockMovements.$inferInsert)['kind'],
  sign: 1 | -1,
  moved: (MovedLine & { batchNo?: string | null; expiryDate?: string | null })[],
) {
  return moved.map((m) => ({
    id: uuidv7(),
    item_id: m.itemId,
    store_id: common.storeId,
    movement_date: common.date,
    kind,
    quantity: sign === 1 ? m.quantity : `-${m.quantity}`,
    unit_cost: m.unitCost,
    value: sign === 1 ? m.value : dec(m.value).negated().toFixed(2),
    balance_quantity: m.balanceQuantity,
    balance_value: m.balanceValue,
    balance_avg_cost: m.balanceAvgCost,
    source_type: common.source.type,
    source_id: common.source.id,
    source_no: (common.source.no as string | null | undefined) ?? null,
    batch_no: m.batchNo ?? null,
    expiry_date: m.expiryDate ?? null,
    created_by: common.actorId,
  }));
}

/** Inserts ledger rows (`movementRows`): a statement of its own, or a CTE of the caller's. */
function movementsInsertSql(rows: ReturnType<typeof movementRows>): SQL {
  return sql`insert into stock_movements (id, item_id, store_id, movement_date, kind, quantity, unit_cost, value,
      balance_quantity, balance_value, balance_avg_cost, source_type, source_id, source_no, batch_no, expiry_date, created_by)
    select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(id uuid, item_id uuid, store_id uuid,
      movement_date date, kind text, quantity numeric, unit_cost numeric, value numeric, balance_quantity numeric,
      balance_value numeric, balance_avg_cost numeric, source_type text, source_id uuid, source_no text, batch_no text,
      expiry_date date, created_by uuid)`;
}

/**
 * Writes the ledger rows of the moved lines, or, with `inCallerStatement`, answers the insert for
 * the caller to run in its own next statement (one round trip less); either way each moved line
 * learns its movement's id.
 */
async function writeMovements(
  tx: DbOrTx,
  common: Common,
  kind: (typeof stockMovements.$inferInsert)['kind'],
  sign: 1 | -1,
  moved: (MovedLine & { batchNo?: string | null; expiryDate?: string | null })[],
  inCallerStatement = false,
): Promise<SQL | null> {
  const rows = movementRows(common, kind, sign, moved);
  rows.forEach((r, i) => {
    (moved[i] as MovedLine).movementId = r.id;
  });
  if (inCallerStatement) return movementsInsertSql(rows);
  await tx.execute(movementsInsertSql(rows));
  return null;
}

const reference = (no: StockSource['no']) => (typeof no === 'string' && !no.startsWith('~') ? no : undefined);

async function postValue(
  tx: DbOrTx,
  common: Common,
  type: 'goods_received' | 'stock_issue',
  value: string,
): Promise<string | null> {
  if (!common.post || dec(value).isZero()) return null;
  const entry = await postBusinessEvent(tx, {
    type,
    amount: value,
    date: common.date,
    narration: common.post.narration,
    // A provisional number (`~year~id`, numbered at commit) is not copied into the posted entry.
    reference: reference(common.source.no),
    sourceType: common.source.type,
    sourceId: common.source.id,
    actorId: common.actorId,
    party: common.post.party,
  });
  return entry.id;
}

/** The document number, taken now if the caller deferred it (see StockSource.no). */
async function resolveNumber(common: Common): Promise<Common> {
  const { no } = common.source;
  if (typeof no !== 'function') return common;
  return { ...common, source: { ...common.source, no: await no() } };
}

/** Stock into a store: a GRN, a transfer arriving, a cancelled issue coming back. */
export async function receiveStock(
  tx: DbOrTx,
  input: Common & { kind?: 'receipt' | 'transfer_in' | 'return'; lines: ReceiveLine[] },
): Promise<Moved> {
  const field = input.field ?? 'lines';
  await checkLines(tx, input.storeId, input.lines, field, input.kind !== 'return');
  const ordered = inLockOrder(input.lines).map(({ line, index }) => ({
    line,
    index,
    quantity: dec(line.quantity).toFixed(3),
    value: line.value ? toMoney(line.value) : toMoney(dec(line.quantity).times(dec(line.unitCost))),
  }));
  const balances = await addToBalances(
    tx,
    input.storeId,
    ordered.map((o) => ({ itemId: o.line.itemId, quantity: o.quantity, value: o.value })),
  );
  const moved: (MovedLine & { batchNo?: string | null; expiryDate?: string | null })[] = [];
  ordered.forEach(({ line, index, quantity, value }, k) => {
    const balance = balances[k] as Balance;
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
  });
  const common = await resolveNumber(input);
  await writeMovements(tx, common, input.kind ?? 'receipt', 1, moved);
  const total = sum(moved.map((m) => m.value)).toFixed(2);
  const journalEntryId = await postValue(tx, common, 'goods_received', total);
  return {
    value: total,
    no: common.source.no as string | null,
    lines: moved.map(({ batchNo, expiryDate, ...m }) => m),
    journalEntryId,
  };
}

/** Stock out of a store at its weighted average cost: an issue, a transfer leaving, a distribution. */
export async function issueStock(
  tx: DbOrTx,
  input: Common & {
    kind?: 'issue' | 'transfer_out';
    lines: IssueLine[];
    /** The store and items as `stockReadSql` read them in this transaction, if the caller did. */
    read?: StockRead;
    /**
     * Leave the ledger rows' insert to the caller's next statement (`Moved.movementsInsert`), which
     * must run it before anything else reads the ledger; not with `post`.
     */
    movementsInCallerStatement?: boolean;
  },
): Promise<Moved> {
  const field = input.field ?? 'lines';
  const { storeName, itemOf } = await checkLines(tx, input.storeId, input.lines, field, false, input.read);
  const ordered = inLockOrder(input.lines);
  const taken = await takeFromBalances(
    tx,
    input.storeId,
    ordered.map((o) => ({ itemId: o.line.itemId, quantity: o.line.quantity })),
    (k, held) => {
      const { line, index } = ordered[k] as (typeof ordered)[number];
      const item = itemOf(line.itemId);
      const message = `Not enough ${item.name} in ${storeName}: ${dec(held).toString()} ${item.unit} in store, ${dec(line.quantity).toString()} asked`;
      return new ConflictError(message, { [`${field}.${index}.quantity`]: [message] });
    },
  );
  const moved: (MovedLine & { batchNo?: string | null })[] = [];
  ordered.forEach(({ line, index }, k) => {
    const t = taken[k] as Taken;
    moved[index] = {
      movementId: '',
      itemId: line.itemId,
      quantity: dec(line.quantity).toFixed(3),
      unitCost: t.unitCost,
      value: t.value,
      balanceQuantity: t.balance.quantity,
      balanceValue: t.balance.value,
      balanceAvgCost: t.balance.avgCost,
      batchNo: line.batchNo?.trim() || null,
    };
  });
  const common = await resolveNumber(input);
  const deferred = input.movementsInCallerStatement === true && !common.post;
  const movementsInsert = await writeMovements(tx, common, input.kind ?? 'issue', -1, moved, deferred);
  const total = sum(moved.map((m) => m.value)).toFixed(2);
  const journalEntryId = await postValue(tx, common, 'stock_issue', total);
  return {
    value: total,
    no: common.source.no as string | null,
    lines: moved.map(({ batchNo, ...m }) => m),
    journalEntryId,
    ...(movementsInsert ? { movementsInsert } : {}),
  };
}
