import {
  type CreateDistributionBody,
  createDistributionBody,
  type DistributionDetail,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';
import { todayInTanzania } from '../../crop-flow/collections/record-collection.ts';
import { issueStock } from '../../inventory/ledgers/move-stock.ts';
import { giveDistributionLoan, linkLoanEntry } from '../../settlement/loans/distribution-loan.ts';
import { pricesOf } from '../prices/queries.ts';
import { distributionSms } from './distribution-sms.ts';
import { priceLines } from './price-lines.ts';
import { getDistribution } from './queries.ts';
import { inputDistributionLines, inputDistributions } from './schema.ts';

type LockedRequest = {
  id: string;
  requestNo: string;
  status: string;
  amcosId: string;
  farmerId: string;
  farmerName: string;
  farmerPhone: string | null;
  seasonId: string;
  seasonName: string;
  seasonStatus: string;
};

/**
 * Issues an approved request to its farmer from the AMCOS's store, in one transaction: stock out
 * through the stock door (never negative), the farmer's loan for credit and subsidised inputs, one
 * posting (Dr loan / cash / subsidy / free-inputs expense, Cr inventory at cost, margin to its own
 * account; across the books through due-to / due-from), the request distributed, the audit event
 * and the farmer's SMS in the outbox.
 */
export async function createDistribution(
  db: Db,
  actor: Actor,
  body: CreateDistributionBody,
): Promise<DistributionDetail> {
  const input = createDistributionBody.parse(body);
  return db.transaction(async (tx) => {
    const [request] = await queryRows<LockedRequest>(
      tx,
      sql`select r.id, r.request_no as "requestNo", r.status, r.amcos_id as "amcosId", r.farmer_id as "farmerId",
            concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName", f.phone as "farmerPhone",
            r.season_id as "seasonId", s.name as "seasonName", s.status as "seasonStatus"
          from input_requests r join farmers f on f.id = r.farmer_id join seasons s on s.id = r.season_id
          where r.id = ${input.requestId} for update of r`,
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
    const [store] = await queryRows<{ amcosId: string | null; name: string }>(
      tx,
      sql`select amcos_id as "amcosId", name from stores where id = ${input.storeId}`,
    );
    if (!store) throw new NotFoundError('Store not found');
    if (store.amcosId !== request.amcosId)
      throw fieldError('storeId', `${store.name} is not a store of the farmer's AMCOS`);

    const approved = await queryRows<{ itemId: string; quantity: string; name: string }>(
      tx,
      sql`select l.item_id as "itemId", l.quantity::text as quantity, i.name from input_request_lines l
          join items i on i.id = l.item_id where l.request_id = ${request.id} order by l.line_no`,
    );
    const wanted = input.lines ?? approved.map((l) => ({ itemId: l.itemId, quantity: l.quantity }));
    wanted.forEach((line, i) => {
      const allowed = approved.find((a) => a.itemId === line.itemId);
      if (!allowed) throw fieldError(`lines.${i}.itemId`, 'This item is not on the approved request');
      if (dec(line.quantity).gt(dec(allowed.quantity)))
        throw fieldError(
          `lines.${i}.quantity`,
          `At most ${dec(allowed.quantity).toString()} of ${allowed.name} was approved`,
        );
    });
    const prices = await pricesOf(
      tx,
      request.seasonId,
      wanted.map((l) => l.itemId),
    );
    const kindPrice = input.kind === 'subsidised' ? 'subsidisedPrice' : null;
    wanted.forEach((line, i) => {
      const price = prices.get(line.itemId);
      if (!price)
        throw fieldError(
          `lines.${i}.itemId`,
          `No price is set for this item in season ${request.seasonName}`,
        );
      if (kindPrice && price.subsidisedPrice === null)
        throw fieldError(
          `lines.${i}.itemId`,
          `${price.itemName} has no subsidised price in season ${request.seasonName}`,
        );
    });

    const id = uuidv7();
    const date = input.distributedOn ?? todayInTanzania();
    const distributionNo = await nextDocumentNumber(tx, 'DS', Number(date.slice(0, 4)));
    const moved = await issueStock(tx, {
      storeId: input.storeId,
      date,
      source: { type: 'distribution', id, no: distributionNo },
      actorId: actor.userId,
      lines: wanted,
    });
    const priced = priceLines(
      input.kind,
      moved.lines,
      (itemId) => prices.get(itemId) as NonNullable<ReturnType<typeof prices.get>>,
    );
    const owes = (input.kind === 'credit' || input.kind === 'subsidised') && dec(priced.farmer).gt(0);
    const loan = owes
      ? await giveDistributionLoan(tx, {
          farmerId: request.farmerId,
          amcosId: request.amcosId,
          issuedOn: date,
          amount: priced.farmer,
          reason: `Inputs ${distributionNo} (${input.kind})`,
          createdBy: actor.userId,
        })
      : null;
    await tx.insert(inputDistributions).values({
      id,
      distributionNo,
      requestId: request.id,
      farmerId: request.farmerId,
      amcosId: request.amcosId,
      storeId: input.storeId,
      seasonId: request.seasonId,
      kind: input.kind,
      distributedOn: date,
      farmerAmount: priced.farmer,
      subsidyAmount: priced.subsidy,
      costValue: priced.cost,
      margin: priced.margin,
      loanId: loan?.id ?? null,
      createdBy: actor.userId,
    });
    await tx
      .insert(inputDistributionLines)
      .values(priced.lines.map((l, i) => ({ ...l, distributionId: id, lineNo: i + 1 })));
    const posted = await postDistribution(tx, {
      id,
      distributionNo,
      date,
      kind: input.kind,
      priced,
      actor,
      request,
    });
    if (loan && posted[0]) await linkLoanEntry(tx, loan.id, posted[0]);
    await tx.execute(
      sql`update input_requests set status = 'distributed', updated_at = now() where id = ${request.id}`,
    );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'distributed',
      entity: 'input_distribution',
      entityId: id,
      after: {
        distributionNo,
        requestNo: request.requestNo,
        kind: input.kind,
        ...priced,
        loanNo: loan?.loanNo ?? null,
      },
    });
    const detail = await getDistribution(tx, actor, id);
    if (request.farmerPhone) await distributionSms(tx, request.farmerPhone, detail);
    return detail;
  });
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
    request: { farmerId: string; farmerName: string };
    reverse?: boolean;
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
  const posted = await postAcrossBooks(tx, {
    ...event,
    date: o.date,
    narration: `${o.reverse ? 'Cancelled inputs' : 'Inputs'} ${o.distributionNo} (${o.kind}) to ${o.request.farmerName}`,
    reference: o.distributionNo,
    sourceType: 'input_distribution',
    sourceId: o.id,
    actorId: o.actor.userId,
    party: { type: 'farmer', id: o.request.farmerId, name: o.request.farmerName },
  });
  return posted.ids;
}
