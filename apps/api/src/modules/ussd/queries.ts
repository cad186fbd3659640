import type { FarmerUssd } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { localNameSql } from '../../platform/labels.ts';
import type { UssdLang } from './screens.ts';

const caller = z.object({
  farmerId: z.string(),
  amcosId: z.string(),
  firstName: z.string(),
  pinHash: z.string().nullable(),
  failedAttempts: z.number().nullable(),
  locked: z.boolean().nullable(),
});
export type UssdCaller = z.infer<typeof caller>;

/** The active farmer registered with this phone, with their PIN's state (null columns: no PIN). */
export async function callerByPhone(db: DbOrTx, phone: string): Promise<UssdCaller | null> {
  const [row] = await queryRows(
    db,
    caller,
    sql`select f.id as "farmerId", f.amcos_id as "amcosId", f.first_name as "firstName",
          p.pin_hash as "pinHash", p.failed_attempts as "failedAttempts", p.locked_at is not null as locked
        from farmers f left join farmer_pins p on p.farmer_id = f.id
        where f.phone = ${phone} and f.status = 'active'`,
  );
  return row ?? null;
}

const priceRow = z.object({
  auctionNo: z.string(),
  auctionDate: z.string(),
  gradeName: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  averagePrice: z.string(),
});
export type UssdPrice = z.infer<typeof priceRow>;

/**
 * The prices of the latest auction that sold the farmer's society's crop, per grade: lowest,
 * highest and the kg-weighted average (amount / kg, to the cent), as the auction price report
 * gives them, over every lot the auction sold.
 */
export function latestAuctionPrices(db: DbOrTx, amcosId: string, lang: UssdLang): Promise<UssdPrice[]> {
  return queryRows(
    db,
    priceRow,
    sql`with latest as (
          select a.id from auction_lots al
            join auctions a on a.id = al.auction_id
            join lots l on l.id = al.lot_id
          where al.outcome = 'sold' and l.amcos_id = ${amcosId}
          order by a.auction_date desc, a.auction_no desc limit 1)
        select a.auction_no as "auctionNo", a.auction_date::text as "auctionDate",
          ${localNameSql('g', lang)} as "gradeName",
          min(al.price_per_kg)::text as "minPrice", max(al.price_per_kg)::text as "maxPrice",
          round(sum(al.amount) / sum(l.net_kg), 2)::numeric(14,2)::text as "averagePrice"
        from auction_lots al
          join auctions a on a.id = al.auction_id
          join lots l on l.id = al.lot_id
          join grades g on g.id = l.grade_id
        where al.auction_id = (select id from latest) and al.outcome = 'sold'
        group by a.auction_no, a.auction_date, g.id
        order by 3`,
  );
}

const ussdRow = z.object({
  phone: z.string().nullable(),
  hasPin: z.boolean(),
  failedAttempts: z.number().nullable(),
  issuedAt: z.string().nullable(),
  changedAt: z.string().nullable(),
  lockedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  language: z.enum(['sw', 'en']).nullable(),
  smsOptOut: z.boolean(),
});

/** A farmer's USSD state as the staff see it (never the PIN's hash). */
export async function farmerUssdOf(db: DbOrTx, farmerId: string): Promise<FarmerUssd> {
  const [row] = await queryRows(
    db,
    ussdRow,
    sql`select f.phone, p.farmer_id is not null as "hasPin", p.failed_attempts as "failedAttempts",
          p.issued_at::text as "issuedAt", p.changed_at::text as "changedAt",
          p.locked_at::text as "lockedAt", p.last_used_at::text as "lastUsedAt", p.language,
          f.sms_opt_out as "smsOptOut"
        from farmers f left join farmer_pins p on p.farmer_id = f.id where f.id = ${farmerId}`,
  );
  if (!row) throw new NotFoundError('Farmer not found');
  return {
    farmerId,
    status: !row.hasPin ? 'none' : row.lockedAt ? 'locked' : 'active',
    phone: row.phone,
    failedAttempts: row.failedAttempts ?? 0,
    issuedAt: row.issuedAt,
    changedAt: row.changedAt,
    lockedAt: row.lockedAt,
    lastUsedAt: row.lastUsedAt,
    language: row.language ?? 'sw',
    smsOptOut: row.smsOptOut,
  };
}

const deductionRow = z.object({
  settlementId: z.string(),
  lotId: z.string(),
  /** The farmer's share of the lot's farmer-paid deductions (settlement_farmers.deductions). */
  share: z.string(),
  name: z.string(),
  /** A transport charge (no rule: the lot's delivery notes' charge), named in the farmer's language. */
  charge: z.boolean(),
  amount: z.string(),
});
export type UssdDeductionRow = z.infer<typeof deductionRow>;

/**
 * The farmer-paid deduction lines of each lot of the season the farmer was settled in (of the given
 * settlements: the lots their statement's settlement rows sum), with the farmer's share of the
 * lot's deductions: `farmerDeductionsByName` names the share line by line. Lines in the order the
 * settlement wrote them.
 */
export function farmerDeductionLines(
  db: DbOrTx,
  farmerId: string,
  seasonId: string,
  settlementIds: string[],
): Promise<UssdDeductionRow[]> {
  if (settlementIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    deductionRow,
    sql`select sf.settlement_id as "settlementId", sf.settlement_lot_id as "lotId", sf.deductions::text as share,
          sd.name, sd.rule_id is null as charge, sum(sd.amount)::numeric(16,2)::text as amount
        from settlement_farmers sf
        join settlement_deductions sd on sd.settlement_lot_id = sf.settlement_lot_id and sd.payer = 'farmer'
        join settlement_lots sl on sl.id = sf.settlement_lot_id
        join season_crops sc on sc.id = sl.season_crop_id and sc.season_id = ${seasonId}
        where sf.farmer_id = ${farmerId} and sf.deductions > 0
          and sf.settlement_id in (${sql.join(
            settlementIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        group by sf.settlement_id, sf.settlement_lot_id, sf.deductions, sd.name, sd.rule_id is null
        order by sf.settlement_id, sf.settlement_lot_id, min(sd.id::text)`,
  );
}
