import {
  type CreateDistributionBody,
  type DistributionDetail,
  type InputPrice,
  inputPrice,
} from '@ushirika/contracts';
import { dec, farmerTotal, todayInTanzania } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { executeSql, queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { auditInsertSql } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { codeLabel } from '../../../platform/labels.ts';
import { enqueueSmsSql } from '../../../platform/sms-outbox.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import {
  type PostingRead,
  postAcrossBooks,
  postingRead,
  postingReadSql,
} from '../../accounts/journal/post-across-books.ts';
import { issueStock, stockRead, stockReadSql } from '../../inventory/ledgers/move-stock.ts';
import { giveDistributionLoan } from '../../settlement/loans/distribution-loan.ts';
import { distributionSmsText } from './distribution-sms.ts';
import { priceLines } from './price-lines.ts';
import { getDistribution } from './queries.ts';

const lockedRequest = z.object({
  id: z.string(),
  requestNo: z.string(),
  status: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  farmerId: z.string(),
  farmerName: z.string(),
  farmerPhone: z.string().nullable(),
  /** The language of the farmer's SMS: the one they chose on the phone service, else Swahili. */
  farmerLang: z.enum(['sw', 'en']),
  seasonId: z.string(),
  seasonName: z.string(),
  seasonStatus: z.string(),
  /** The chosen store, null when there is none of that id. */
  storeAmcosId: z.string().nullable(),
  storeName: z.string().nullable(),
  /**
   * What the farmer owes on active loans before this distribution, read from the loans not yet
   * fully recovered (the partial index farmer_loans_outstanding_idx; a seq scan of all loans else).
   */
  owed: z.string(),
  /** The approved lines, in line order, each with the item's price in the request's season (or null). */
  approved: z.array(
    z.object({
      itemId: z.string(),
      quantity: z.string(),
      name: z.string(),
      nameSw: z.string().nullable(),
      unit: z.string(),
      price: inputPrice.nullable(),
    }),
  ),
  /** The chosen store and the approved items, as the stock door checks them (`stockReadSql`). */
  stock: stockRead,
  /** The account mappings and financial year the posting checks (`postingReadSql`). */
  posting: postingRead,
});
type LockedRequest = z.infer<typeof lockedRequest>;

/**
 * An input price row as json, with the columns `listInputPrices` answers (amounts as text, so
 * they keep their scale), for the price left-joined as `p` with its item `i` and season `s`.
 */
const priceJson = sql`case when p.id is null then null else json_build_object('id', p.id, 'seasonId', p.season_id,
    'seasonName', s.name, 'itemId', p.item_id, 'itemCode', i.code, 'itemName', i.name, 'unit', i.unit,
    'creditPrice', p.credit_price::text, 'cashPrice', p.cash_price::text, 'subsidisedPrice', p.subsidised_price::text,
    'programmeShare', p.programme_share::text, 'limitBasis', p.limit_basis, 'creditLimit', p.credit_limit::text,
    'updatedAt', p.updated_at::text) end`;

/**
 * Issues an approved request to its farmer from the AMCOS's store, in one transaction: stock out
 * through the stock door (never negative), the farmer's loan for credit and subsidised inputs, one
 * posting (Dr loan / cash / subsidy / free-inputs expense, Cr inventory at cost, margin to its own
 * account; across the books through due-to / due-from), the request distributed, the season
 * totals of the report, the audit event and the farmer's SMS in the outbox.
 *
 * The DS, LN and JV numbers are taken at commit (deferred triggers, migration 0037), so
 * concurrent clerks wait on those shared counters only while one commits; the distribution is
 * read back after commit, numbered.
 */
export async function createDistribution(
  db: Db,
  actor: Actor,
  input: CreateDistributionBody,
): Promise<DistributionDetail> {
  const id = await db.transaction((tx) => saveDistribution(tx, actor, input));
  return getDistribution(db, actor, id);
}

/** Stage 1: the request locked with what the save checks, and refused unless it can be issued from the store. */
async function lockRequest(tx: Tx, actor: Actor, input: CreateDistributionBody, date: string) {
  const [request] = await queryRows(
    tx,
    lockedRequest,
    sql`select r.id, r.request_no as "requestNo", r.status, r.amcos_id as "amcosId", a.name as "amcosName",
          r.farmer_id as "farmerId", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
          f.phone as "farmerPhone",
          coalesce((select fp.language from farmer_pins fp where fp.farmer_id = f.id), 'sw') as "farmerLang",
          r.season_id as "seasonId", s.name as "seasonName", s.status as "seasonStatus",
          st.amcos_id as "storeAmcosId", st.name as "storeName",
          (select coalesce(sum(lo.amount - lo.recovered), 0)::numeric(16,2)::text from farmer_loans lo
            where lo.farmer_id = r.farmer_id and lo.status = 'active' and lo.recovered < lo.amount) as owed,
          (select coalesce(json_agg(json_build_object('itemId', l.item_id, 'quantity', l.quantity::text, 'name', i.name,
              'nameSw', i.name_sw, 'unit', i.unit, 'price', ${priceJson}) order by l.line_no), '[]')
            from input_request_lines l join items i on i.id = l.item_id
            left join input_prices p on p.season_id = r.season_id and p.item_id = l.item_id
            where l.request_id = r.id) as approved,
          ${stockReadSql(sql`${input.storeId}::uuid`, sql`select l.item_id from input_request_lines l where l.request_id = r.id`)} as stock,
          ${postingReadSql(sql`${date}::date`)} as posting
        from input_requests r join farmers f on f.id = r.farmer_id join seasons s on s.id = r.season_id
        join amcos a on a.id = r.amcos_id left join stores st on st.id = ${input.storeId}::uuid
        where r.id = ${input.requestId}::uuid for update of r`,
    { prepared: 'input_distribution_lock_request' },
  );
  if (!request) throw fieldError('requestId', 'Request not found');
  assertSociety(actor, request.amcosId);
  if (request.status === 'distributed')
    throw new ConflictError(`Request ${request.requestNo} has already been distributed`);
  if (request.status !== 'approved')
    throw fieldError(
      'requestId',
      `Request ${request.requestNo} is not approved (${request.status.replace('_', ' ')})`,
    );
  if (request.seasonStatus === 'closed')
    throw fieldError('requestId', `Season ${request.seasonName} is closed`);
  if (request.storeName === null) throw new NotFoundError('Store not found');
  if (request.storeAmcosId !== request.amcosId)
    throw fieldError('storeId', `${request.storeName} is not a store of the farmer's AMCOS`);
  return request;
}

/**
 * Stage 2: the lines issued (the approved ones when none are given), each within what was approved
 * and priced in the request's season (with a subsidised price for subsidised inputs); the prices
 * came with the request (the same columns `pricesOf` reads).
 */
function wantedLines(request: LockedRequest, input: CreateDistributionBody) {
  const { approved } = request;
  const wanted = input.lines ?? approved.map((l) => ({ itemId: l.itemId, quantity: l.quantity }));
  const prices = new Map(approved.flatMap((a) => (a.price ? [[a.itemId, a.price] as const] : [])));
  wanted.forEach((line, i) => {
    const allowed = approved.find((a) => a.itemId === line.itemId);
    if (!allowed) throw fieldError(`lines.${i}.itemId`, 'This item is not on the approved request');
    if (dec(line.quantity).gt(dec(allowed.quantity)))
      throw fieldError(
        `lines.${i}.quantity`,
        `At most ${dec(allowed.quantity).toString()} of ${allowed.name} was approved`,
      );
  });
  const priceOf = (itemId: string) => prices.get(itemId) as InputPrice;
  wanted.forEach((line, i) => {
    const price = prices.get(line.itemId);
    if (!price)
      throw fieldError(`lines.${i}.itemId`, `No price is set for this item in season ${request.seasonName}`);
    if (input.kind === 'subsidised' && price.subsidisedPrice === null)
      throw fieldError(
        `lines.${i}.itemId`,
        `${price.itemName} has no subsidised price in season ${request.seasonName}`,
      );
  });
  return { wanted, priceOf };
}

/** The farmer's SMS text (none without a phone), with what they owe after this distribution. */
function distributionSms(
  request: LockedRequest,
  distribution: { distributionNo: string; kind: CreateDistributionBody['kind']; owes: boolean },
  priced: ReturnType<typeof priceLines>,
): string | null {
  if (!request.farmerPhone) return null;
  const nameOf = (itemId: string) =>
    request.approved.find((a) => a.itemId === itemId) ?? { name: '', nameSw: null, unit: '' };
  return distributionSmsText(
    {
      amcosName: request.amcosName,
      distributionNo: distribution.distributionNo,
      kind: distribution.kind,
      farmerAmount: priced.farmer,
      subsidyAmount: priced.subsidy,
      lines: priced.lines.map((l) => ({
        itemName: nameOf(l.itemId).name,
        itemNameSw: nameOf(l.itemId).nameSw,
        unit: nameOf(l.itemId).unit,
        quantity: l.quantity,
      })),
    },
    distribution.owes ? dec(request.owed).plus(dec(priced.farmer)).toFixed(2) : request.owed,
    request.farmerLang,
  );
}

/**
 * The save, in stages: lock and check the request; the lines and their prices; the farmer's loan;
 * stock out; price the issue; the posting; one statement writing the rest.
 */
async function saveDistribution(tx: Tx, actor: Actor, input: CreateDistributionBody): Promise<string> {
  const date = input.distributedOn ?? todayInTanzania();
  const request = await lockRequest(tx, actor, input, date);
  const { wanted, priceOf } = wantedLines(request, input);

  const id = uuidv7();
  // Provisional until commit, when migration 0037's trigger puts the DS number in its place (on
  // the distribution, its stock movements, its loan's reason and its SMS).
  const distributionNo = `~${date.slice(0, 4)}~${id}`;
  // The loan before the stock: the item x store balance rows the stock door locks (shared by every
  // clerk of the store) are then held for the end of the save only. The loan is what the farmer
  // owes, quantity x their price, which does not depend on the stock's cost. Its LN number is
  // taken at commit before the JV and DS numbers, the order every transaction holding them keeps.
  const farmerOwes =
    farmerTotal(
      input.kind,
      wanted.map((l) => ({ quantity: l.quantity, price: priceOf(l.itemId) })),
    ) ?? '0.00';
  const owes = (input.kind === 'credit' || input.kind === 'subsidised') && dec(farmerOwes).gt(0);
  const loan = owes
    ? await giveDistributionLoan(tx, {
        farmerId: request.farmerId,
        amcosId: request.amcosId,
        issuedOn: date,
        amount: farmerOwes,
        reason: `Inputs ${distributionNo} (${input.kind})`,
        createdBy: actor.userId,
      })
    : null;
  const moved = await issueStock(tx, {
    storeId: input.storeId,
    date,
    source: { type: 'distribution', id, no: distributionNo },
    actorId: actor.userId,
    lines: wanted,
    read: request.stock,
    movementsInCallerStatement: true,
  });
  const priced = priceLines(input.kind, moved.lines, priceOf);
  if (priced.farmer !== farmerOwes) throw new Error('Distribution priced differently from its loan');
  // The posting before the distribution's row, whose statement then links the loan to the
  // Collection-book entry and writes the stock ledger rows the stock door left to it. At commit
  // the numbers are thus taken LN, JV (with the account balances), then DS: the DS counter, taken
  // last, is held by a save that waits for nothing more.
  const posted = await postDistribution(tx, {
    id,
    distributionNo,
    date,
    kind: input.kind,
    priced,
    actor,
    request,
    read: request.posting,
  });
  await writeDistribution(tx, {
    id,
    distributionNo,
    request,
    storeId: input.storeId,
    kind: input.kind,
    date,
    priced,
    loanId: loan?.id ?? null,
    loanEntryId: loan ? (posted[0] ?? null) : null,
    actorId: actor.userId,
    sms: distributionSms(request, { distributionNo, kind: input.kind, owes }, priced),
    movementsInsert: moved.movementsInsert ?? null,
  });
  return id;
}

/**
 * One statement writes what the distribution adds: its row and lines, the request distributed,
 * the season totals of the report (added to per AMCOS x farmer x item x kind), the loan's link to
 * its entry, the audit event and the farmer's SMS (the outbox row takes the distribution's id, so
 * the number trigger finds it, and the event key `inputs-given:<id>`, so it is written once, #31).
 */
async function writeDistribution(
  tx: Tx,
  o: {
    id: string;
    distributionNo: string;
    request: LockedRequest;
    storeId: string;
    kind: CreateDistributionBody['kind'];
    date: string;
    priced: ReturnType<typeof priceLines>;
    loanId: string | null;
    /** The entry that posted the loan, linked to it here. */
    loanEntryId: string | null;
    actorId: string;
    sms: string | null;
    /** The stock ledger rows the stock door left to this statement. */
    movementsInsert: SQL | null;
  },
): Promise<void> {
  const { request, priced } = o;
  const lines = JSON.stringify(
    priced.lines.map((l, i) => ({
      id: uuidv7(),
      line_no: i + 1,
      item_id: l.itemId,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      farmer_value: l.farmerValue,
      subsidy_value: l.subsidyValue,
      unit_cost: l.unitCost,
      cost_value: l.costValue,
    })),
  );
  const after = JSON.stringify({
    requestNo: request.requestNo,
    kind: o.kind,
    ...priced,
    loanId: o.loanId,
  });
  // Prepared (its plan costs more than its run): one name per variant of the statement's text.
  const variant = `${o.loanId && o.loanEntryId ? 'loan' : 'none'}_${o.sms && request.farmerPhone ? 'sms' : 'none'}_${o.movementsInsert ? 'stock' : 'none'}`;
  await executeSql(
    tx,
    sql`with d as (
      insert into input_distributions (id, distribution_no, request_id, farmer_id, amcos_id, store_id, season_id, kind,
        distributed_on, farmer_amount, subsidy_amount, cost_value, margin, loan_id, created_by)
      values (${o.id}::uuid, ${o.distributionNo}, ${request.id}::uuid, ${request.farmerId}::uuid, ${request.amcosId}::uuid,
        ${o.storeId}::uuid, ${request.seasonId}::uuid, ${o.kind}, ${o.date}::date, ${priced.farmer}::numeric,
        ${priced.subsidy}::numeric, ${priced.cost}::numeric, ${priced.margin}::numeric, ${o.loanId}::uuid, ${o.actorId}::uuid)
      returning id),
    x as (
      select * from json_to_recordset(${lines}::json) as x(id uuid, line_no int, item_id uuid, quantity numeric,
        unit_price numeric, farmer_value numeric, subsidy_value numeric, unit_cost numeric, cost_value numeric)),
    l as (
      insert into input_distribution_lines (id, distribution_id, line_no, item_id, quantity, unit_price, farmer_value,
        subsidy_value, unit_cost, cost_value)
      select x.id, d.id, x.line_no, x.item_id, x.quantity, x.unit_price, x.farmer_value, x.subsidy_value, x.unit_cost,
        x.cost_value from x, d
      returning 1),
    t as (${addToTotals(sql`(select ${request.seasonId}::uuid as season_id, ${request.amcosId}::uuid as amcos_id,
        ${request.farmerId}::uuid as farmer_id, x.item_id, ${o.kind}::text as kind, x.quantity, x.farmer_value,
        x.subsidy_value, x.cost_value from x, d)`)}),
    r as (
      update input_requests set status = 'distributed', updated_at = now()
      where id = ${request.id}::uuid and exists (select 1 from d) returning 1),
    a as (${auditInsertSql(
      { actorId: o.actorId, action: 'distributed', entity: 'input_distribution' },
      sql`select ${uuidv7()}::uuid as id, d.id::text as entity_id, null::jsonb as before, ${after}::jsonb as after from d`,
    )} returning 1)
    ${
      o.loanId && o.loanEntryId
        ? sql`, le as (update farmer_loans set journal_entry_id = ${o.loanEntryId}::uuid, updated_at = now()
            where id = ${o.loanId}::uuid and exists (select 1 from d) returning 1)`
        : sql``
    }
    ${
      o.sms && request.farmerPhone
        ? sql`, s as (${enqueueSmsSql(
            sql`select d.id, ${request.farmerPhone}::text as recipient, ${o.sms}::text as body,
              'inputs-given:' || d.id::text as event_key from d`,
            { keyed: true },
          )} returning 1)`
        : sql``
    }
    ${o.movementsInsert ? sql`, mv as (${o.movementsInsert} returning 1)` : sql``}
    select (select count(*) from l) as lines, (select count(*) from t) as totals, (select count(*) from r) as requests,
      (select count(*) from a) as audits`,
    { prepared: `input_distribution_write_${variant}` },
  );
}

/**
 * Adds rows (season_id, amcos_id, farmer_id, item_id, kind, quantity, farmer_value, subsidy_value,
 * cost_value; one per distribution line) to the season totals, in key order so two saves lock
 * shared rows in the same order.
 */
export function addToTotals(rows: SQL) {
  return sql`insert into input_distribution_totals as t (season_id, amcos_id, farmer_id, item_id, kind, lines, quantity,
      farmer_value, subsidy_value, cost_value)
    select season_id, amcos_id, farmer_id, item_id, kind, count(*), sum(quantity), sum(farmer_value),
      sum(subsidy_value), sum(cost_value)
    from ${rows} v group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
    on conflict (season_id, amcos_id, farmer_id, item_id, kind) do update set lines = t.lines + excluded.lines,
      quantity = t.quantity + excluded.quantity, farmer_value = t.farmer_value + excluded.farmer_value,
      subsidy_value = t.subsidy_value + excluded.subsidy_value, cost_value = t.cost_value + excluded.cost_value
    returning 1`;
}

/** The one posting of a distribution (or, with `reverse`, of its cancellation). */
export async function postDistribution(
  tx: Parameters<typeof postAcrossBooks>[0],
  o: {
    id: string;
    distributionNo: string;
    date: string;
    kind: string;
    priced: { farmer: string; subsidy: string; cost: string };
    actor: Actor;
    request: { farmerId: string; farmerName: string; requestNo: string };
    reverse?: boolean;
    /** The mappings and year, if the caller read them (`postingReadSql`). */
    read?: PostingRead;
  },
): Promise<string[]> {
  const zero = '0.00';
  const onCredit = o.kind === 'credit' || o.kind === 'subsidised';
  const event = {
    type: 'input_distribution' as const,
    cost: o.priced.cost,
    loan: onCredit ? o.priced.farmer : zero,
    cash: o.kind === 'cash' ? o.priced.farmer : zero,
    subsidy: o.priced.subsidy,
    free: o.kind === 'free' ? o.priced.cost : zero,
    reverse: o.reverse ?? false,
  };
  if ([event.cost, event.loan, event.cash, event.subsidy].every((v) => dec(v).isZero())) return [];
  // A new distribution's number is taken at commit, after its posting: the entry names the request
  // it issues (and links to the distribution by its source); a cancellation names the distribution.
  // English keeps the stored kind (as before); Swahili its label.
  const narration = narrate(o.reverse ? 'inputsCancelled' : 'inputsIssued', (lang) => ({
    no: o.reverse ? o.distributionNo : o.request.requestNo,
    kind: lang === 'en' ? o.kind : codeLabel(lang, 'inputs.kinds', o.kind),
    farmer: o.request.farmerName,
  }));
  const posted = await postAcrossBooks(
    tx,
    {
      ...event,
      date: o.date,
      narration,
      reference: o.reverse ? o.distributionNo : o.request.requestNo,
      sourceType: 'input_distribution',
      sourceId: o.id,
      actorId: o.actor.userId,
      party: { type: 'farmer', id: o.request.farmerId, name: o.request.farmerName },
    },
    { numberAtCommit: true, ...(o.read ? { read: o.read } : {}) },
  );
  return posted.ids;
}
