import {
  statementCollection,
  statementInputLine,
  statementLoan,
  statementPayment,
  statementRecovery,
  statementRequest,
  statementSecondPayment,
  statementSettlement,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { localNameSql } from '../../platform/labels.ts';

/**
 * The statement's reads, one per section (#27). Each reads the rows its module wrote for the
 * farmer (collections, settlement_farmers, payment_lines, farmer_loans, loan_recoveries,
 * input_distributions, input_requests) through the farmer's index, and types them with the
 * contract's row schema.
 */

const farmerRow = z.object({
  id: z.string(),
  farmerNo: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  village: z.string().nullable(),
  amcosId: z.string(),
  amcosCode: z.string(),
  amcosName: z.string(),
});

export async function statementFarmer(db: DbOrTx, farmerId: string) {
  const [row] = await queryRows(
    db,
    farmerRow,
    sql`select f.id, f.farmer_no as "farmerNo", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as name,
          f.phone, f.village, f.amcos_id as "amcosId", a.code as "amcosCode", a.name as "amcosName"
        from farmers f join amcos a on a.id = f.amcos_id where f.id = ${farmerId}`,
  );
  return row;
}

const seasonRow = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(['planned', 'open', 'closed']),
});

/** The season asked for; without one the open season, else the latest. */
export async function statementSeason(db: DbOrTx, seasonId: string | undefined) {
  const [row] = await queryRows(
    db,
    seasonRow,
    sql`select id, name, start_date::text as "startDate", end_date::text as "endDate", status from seasons
        ${seasonId ? sql`where id = ${seasonId}` : sql``}
        order by (status = 'open') desc, start_date desc limit 1`,
  );
  return row;
}

export const seasonCollections = (db: DbOrTx, farmerId: string, seasonId: string) =>
  queryRows(
    db,
    statementCollection,
    sql`select c.id, c.receipt_no as "receiptNo", c.collected_on::text as "collectedOn",
          ${localNameSql('crops')} as "cropName", grades.code as "gradeCode", ${localNameSql('grades')} as "gradeName",
          c.bags, c.net_kg::text as "netKg", c.status
        from collections c join season_crops sc on sc.id = c.season_crop_id
        join crops on crops.id = sc.crop_id join grades on grades.id = c.grade_id
        where c.farmer_id = ${farmerId} and sc.season_id = ${seasonId}
        order by c.collected_on, c.receipt_no`,
  );

/** The farmer's share of each approved settlement of the season: their settlement_farmers rows, summed. */
export const seasonSettlements = (db: DbOrTx, farmerId: string, seasonId: string) =>
  queryRows(
    db,
    statementSettlement.omit({ payment: true }),
    sql`select s.id as "settlementId", s.settlement_no as "settlementNo", s.settled_on::text as "settledOn",
          count(*)::int as lots, sum(sf.kg)::numeric(14,3)::text as kg,
          sum(sf.gross_share)::numeric(16,2)::text as "grossShare", sum(sf.deductions)::numeric(16,2)::text as deductions,
          sum(sf.loan_recovery)::numeric(16,2)::text as "loanRecovery",
          sum(sf.member_shares)::numeric(16,2)::text as "memberShares", sum(sf.net)::numeric(16,2)::text as net
        from settlement_farmers sf
        join settlements s on s.id = sf.settlement_id and s.status = 'approved'
        join settlement_lots sl on sl.id = sf.settlement_lot_id
        join season_crops sc on sc.id = sl.season_crop_id
        where sf.farmer_id = ${farmerId} and sc.season_id = ${seasonId}
        group by s.id order by s.settled_on, s.settlement_no`,
  );

const paymentRow = statementPayment.extend({ settlementId: z.string() });

/**
 * The line paying the farmer's money of each settlement: their own line, or their AMCOS's when the
 * union pays farmers through their AMCOS. A failed line paid again is `retried`: its retry stands.
 */
export const settlementPayments = (
  db: DbOrTx,
  farmer: { id: string; amcosId: string },
  settlementIds: string[],
) =>
  settlementIds.length === 0
    ? Promise.resolve([])
    : queryRows(
        db,
        paymentRow,
        sql`select distinct on (pl.settlement_id) pl.settlement_id as "settlementId", b.id as "batchId",
              b.batch_no as "batchNo", b.status as "batchStatus", pl.status, pl.reference, pl.amount::text as amount,
              to_json(pl.paid_at) #>> '{}' as "paidAt", pl.failure_reason as "failureReason",
              case when pl.party_type = 'amcos' then pl.payee_name end as "viaAmcosName"
            from payment_lines pl join payment_batches b on b.id = pl.batch_id
            where pl.settlement_id = any(${sql.param(settlementIds)}::uuid[]) and pl.payable = 'payable_farmers'
              and pl.status <> 'retried'
              and ((pl.party_type = 'farmer' and pl.party_id = ${farmer.id})
                or (pl.party_type = 'amcos' and pl.party_id = ${farmer.amcosId}))
            order by pl.settlement_id, b.created_at desc, pl.id`,
      );

/**
 * The farmer's lines of the approved second payments (#32) of the season's crops, each with the
 * line paying it: the farmer's own or their AMCOS's, found by the second payment's number the
 * batch references carry (`<SP no>/…`); a failed line paid again is `retried`: its retry stands.
 */
export const seasonSecondPayments = (db: DbOrTx, farmer: { id: string; amcosId: string }, seasonId: string) =>
  queryRows(
    db,
    statementSecondPayment,
    sql`select p.id as "secondPaymentId", p.payment_no as "paymentNo",
          to_char(p.approved_at at time zone 'Africa/Dar_es_Salaam', 'YYYY-MM-DD') as "approvedOn",
          ${localNameSql('crops')} as "cropName", p.rate_per_kg::text as "ratePerKg",
          sum(l.kg)::numeric(14,3)::text as kg, sum(l.amount)::numeric(16,2)::text as amount,
          (select json_build_object('batchId', b.id, 'batchNo', b.batch_no, 'batchStatus', b.status,
                    'status', pl.status, 'reference', pl.reference, 'amount', pl.amount::text,
                    'paidAt', to_json(pl.paid_at) #>> '{}', 'failureReason', pl.failure_reason,
                    'viaAmcosName', case when pl.party_type = 'amcos' then pl.payee_name end)
             from payment_lines pl join payment_batches b on b.id = pl.batch_id
             where split_part(pl.reference, '/', 1) = p.payment_no and pl.payable = 'payable_farmers'
               and pl.status <> 'retried'
               and ((pl.party_type = 'farmer' and pl.party_id = ${farmer.id})
                 or (pl.party_type = 'amcos' and pl.party_id = ${farmer.amcosId}))
             order by b.created_at desc, pl.id limit 1) as payment
        from second_payment_lines l join second_payments p on p.id = l.second_payment_id
        join season_crops sc on sc.id = p.season_crop_id join crops on crops.id = sc.crop_id
        where l.farmer_id = ${farmer.id} and sc.season_id = ${seasonId} and p.status = 'approved'
        group by p.id, crops.name, crops.name_sw
        order by p.approved_at, p.id`,
  );

/**
 * The farmer's loans of the season (inputs of its distributions, advances given within its dates),
 * those its settlements recovered, and every loan still owed, whatever its season.
 */
export async function farmerLoans(
  db: DbOrTx,
  farmerId: string,
  season: { id: string; startDate: string; endDate: string },
  settlementIds: string[],
) {
  const loans = await queryRows(
    db,
    statementLoan.omit({ recoveries: true }),
    sql`select l.id, l.loan_no as "loanNo", l.issued_on::text as "issuedOn", l.source, l.reason, l.status,
          l.amount::text as amount, l.recovered::text as recovered,
          (case when l.status = 'active' then l.amount - l.recovered else 0 end)::numeric(16,2)::text as outstanding,
          d.id as "distributionId", d.distribution_no as "distributionNo"
        from farmer_loans l left join input_distributions d on d.loan_id = l.id
        where l.farmer_id = ${farmerId}
          and (d.season_id = ${season.id}
            or (d.id is null and l.issued_on between ${season.startDate}::date and ${season.endDate}::date)
            or (l.status = 'active' and l.recovered < l.amount)
            or exists (select 1 from loan_recoveries lr where lr.loan_id = l.id
                        and lr.settlement_id = any(${sql.param(settlementIds)}::uuid[])))
        order by l.issued_on, l.loan_no`,
  );
  const recoveries =
    loans.length === 0
      ? []
      : await queryRows(
          db,
          statementRecovery.extend({ loanId: z.string() }),
          sql`select lr.loan_id as "loanId", s.settlement_no as "settlementNo", lr.amount::text as amount
              from loan_recoveries lr join settlements s on s.id = lr.settlement_id
              where lr.loan_id = any(${sql.param(loans.map((l) => l.id))}::uuid[])
              order by s.settled_on, s.settlement_no`,
        );
  return loans.map((loan) => ({
    ...loan,
    recoveries: recoveries.filter((r) => r.loanId === loan.id).map(({ loanId: _, ...r }) => r),
  }));
}

export const seasonInputs = (db: DbOrTx, farmerId: string, seasonId: string) =>
  queryRows(
    db,
    statementInputLine,
    sql`select d.id as "distributionId", d.distribution_no as "distributionNo", d.distributed_on::text as "distributedOn",
          d.kind, d.status, ${localNameSql('i')} as "itemName", i.unit, dl.quantity::text as quantity,
          dl.unit_price::text as "unitPrice", dl.farmer_value::text as "farmerValue"
        from input_distributions d join input_distribution_lines dl on dl.distribution_id = d.id
        join items i on i.id = dl.item_id
        where d.farmer_id = ${farmerId} and d.season_id = ${seasonId}
        order by d.distributed_on, d.distribution_no, dl.line_no`,
  );

export const seasonRequests = (db: DbOrTx, farmerId: string, seasonId: string) =>
  queryRows(
    db,
    statementRequest,
    sql`select r.id, r.request_no as "requestNo", r.requested_on::text as "requestedOn",
          ${localNameSql('crops')} as "cropName", r.status, r.credit_value::text as "creditValue"
        from input_requests r join season_crops sc on sc.id = r.season_crop_id join crops on crops.id = sc.crop_id
        where r.farmer_id = ${farmerId} and r.season_id = ${seasonId}
        order by r.requested_on, r.request_no`,
  );
