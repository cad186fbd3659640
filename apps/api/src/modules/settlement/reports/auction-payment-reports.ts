import { sum } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';

/**
 * Payment reports of approved settlements (SPEC /reports/auction): farmer payments summary, and
 * the auction details by AMCOS, beneficiary, district and council. Each answers json rows with
 * totals, or an xlsx / PDF file. AMCOS users get their own society's figures only.
 */

export type Filter = { auctionId?: string; seasonCropId?: string; society: string | null };
const row = z.record(z.string(), z.union([z.string(), z.number()]));
export type Row = z.infer<typeof row>;
export type Column = { key: string; header: string; amount?: boolean };
export type Report = {
  path: string;
  title: string;
  columns: Column[];
  rows: (db: DbOrTx, f: Filter) => Promise<Row[]>;
};

const lotFilter = (f: Filter, alias = 'sl'): SQL => sql`s.status = 'approved'
  ${f.auctionId ? sql`and ${sql.raw(alias)}.auction_id = ${f.auctionId}` : sql``}
  ${f.seasonCropId ? sql`and ${sql.raw(alias)}.season_crop_id = ${f.seasonCropId}` : sql``}
  ${f.society ? sql`and ${sql.raw(alias)}.amcos_id = ${f.society}` : sql``}`;

const money = (c: string) => sql.raw(`coalesce(sum(${c}), 0)::numeric(18,2)::text`);
const kgSum = (c: string) => sql.raw(`coalesce(sum(${c}), 0)::numeric(18,3)::text`);

export const REPORTS: Report[] = [
  {
    path: 'farmer-payments-summary',
    title: 'Farmer payments summary',
    columns: [
      { key: 'amcosName', header: 'AMCOS' },
      { key: 'farmers', header: 'Farmers' },
      { key: 'kg', header: 'Kg', amount: true },
      { key: 'grossShare', header: 'Gross', amount: true },
      { key: 'deductions', header: 'Deductions', amount: true },
      { key: 'loanRecovery', header: 'Loan recovery', amount: true },
      { key: 'net', header: 'Net payable', amount: true },
      { key: 'paid', header: 'Paid', amount: true },
      { key: 'unpaid', header: 'Not paid yet', amount: true },
    ],
    // Per AMCOS: its farmers' shares of the settled lots, and what of it has been paid.
    rows: (db, f) =>
      queryRows(
        db,
        row,
        sql`with lots_f as (
              select sl.id, sl.settlement_id, sl.amcos_id, sl.collected_kg, sl.gross, sl.farmers_net, sl.loan_recovery
              from settlement_lots sl join settlements s on s.id = sl.settlement_id
              where ${lotFilter(f)}),
            money as (
              select amcos_id, ${kgSum('collected_kg')} as kg, ${money('gross')} as "grossShare",
                ${money('gross - farmers_net - loan_recovery')} as deductions,
                ${money('loan_recovery')} as "loanRecovery", ${money('farmers_net')} as net
              from lots_f group by amcos_id),
            heads as (
              select amcos_id, count(*)::int as farmers
              from (select distinct sf.amcos_id, sf.farmer_id from settlement_farmers sf
                    join lots_f l on l.id = sf.settlement_lot_id) d
              group by amcos_id),
            paid as (
              select pl.amcos_id, ${money('pl.amount')} as paid
              from payment_lines pl
              join (select distinct settlement_id, amcos_id from lots_f) x
                on x.settlement_id = pl.settlement_id and x.amcos_id = pl.amcos_id
              where pl.payable = 'payable_farmers' and pl.status = 'paid'
              group by pl.amcos_id)
            select a.name as "amcosName", coalesce(h.farmers, 0) as farmers, m.kg, m."grossShare", m.deductions,
              m."loanRecovery", m.net, coalesce(p.paid, '0.00') as paid,
              (m.net::numeric - coalesce(p.paid, '0')::numeric)::numeric(18,2)::text as unpaid
            from money m join amcos a on a.id = m.amcos_id
            left join heads h on h.amcos_id = m.amcos_id left join paid p on p.amcos_id = m.amcos_id
            order by a.name`,
      ),
  },
  {
    path: 'amcos-auction-details',
    title: 'AMCOS auction details',
    columns: [
      { key: 'amcosName', header: 'AMCOS' },
      { key: 'lots', header: 'Lots' },
      { key: 'kg', header: 'Kg', amount: true },
      { key: 'gross', header: 'Gross', amount: true },
      { key: 'beneficiaries', header: 'Beneficiaries', amount: true },
      { key: 'transporters', header: 'Transport', amount: true },
      { key: 'amcosShare', header: 'AMCOS share', amount: true },
      { key: 'loanRecovery', header: 'Loan recovery', amount: true },
      { key: 'farmersNet', header: 'Farmers net', amount: true },
    ],
    rows: (db, f) =>
      queryRows(
        db,
        row,
        sql`select a.name as "amcosName", count(*)::int as lots, ${kgSum('sl.kg')} as kg, ${money('sl.gross')} as gross,
              ${money('sl.beneficiaries')} as beneficiaries, ${money('sl.transporters')} as transporters,
              ${money('sl.amcos_share')} as "amcosShare", ${money('sl.loan_recovery')} as "loanRecovery",
              ${money('sl.farmers_net')} as "farmersNet"
            from settlement_lots sl join settlements s on s.id = sl.settlement_id join amcos a on a.id = sl.amcos_id
            where ${lotFilter(f)} group by a.name order by a.name`,
      ),
  },
  {
    path: 'beneficiaries-auction-details',
    title: 'Beneficiaries auction details',
    columns: [
      { key: 'beneficiary', header: 'Beneficiary' },
      { key: 'deduction', header: 'Deduction' },
      { key: 'farmerPaid', header: 'From farmers', amount: true },
      { key: 'buyerPaid', header: 'From buyers', amount: true },
      { key: 'amount', header: 'Amount', amount: true },
    ],
    rows: (db, f) =>
      queryRows(
        db,
        row,
        sql`select b.name as beneficiary, d.name as deduction,
              ${money("case when d.payer = 'farmer' then d.amount end")} as "farmerPaid",
              ${money("case when d.payer = 'buyer' then d.amount end")} as "buyerPaid",
              ${money('d.amount')} as amount
            from settlement_deductions d join settlement_lots sl on sl.id = d.settlement_lot_id
            join settlements s on s.id = d.settlement_id join beneficiaries b on b.id = d.party_id
            where d.party_type = 'beneficiary' and ${lotFilter(f)}
            group by b.name, d.name order by b.name, d.name`,
      ),
  },
  ...(['district', 'council'] as const).map(
    (level): Report => ({
      path: `${level}-auction-details`,
      title: level === 'district' ? 'District auction details' : 'Council auction details',
      columns: [
        { key: 'place', header: level === 'district' ? 'District' : 'Council' },
        { key: 'lots', header: 'Lots' },
        { key: 'kg', header: 'Kg', amount: true },
        { key: 'gross', header: 'Gross', amount: true },
        { key: 'cess', header: 'Council cess', amount: true },
        { key: 'farmersNet', header: 'Farmers net', amount: true },
      ],
      // The lots' AMCOS place them; the cess is what went to council beneficiaries.
      rows: (db, f) =>
        queryRows(
          db,
          row,
          sql`select coalesce(${sql.raw(level === 'district' ? 'di.name' : 'c.name')}, 'Not set') as place,
                count(*)::int as lots, ${kgSum('sl.kg')} as kg, ${money('sl.gross')} as gross,
                coalesce(sum((select sum(d.amount) from settlement_deductions d join beneficiaries b on b.id = d.party_id
                  where d.settlement_lot_id = sl.id and d.party_type = 'beneficiary' and b.kind = 'council')), 0)::numeric(18,2)::text as cess,
                ${money('sl.farmers_net')} as "farmersNet"
              from settlement_lots sl join settlements s on s.id = sl.settlement_id join amcos a on a.id = sl.amcos_id
              left join councils c on c.id = a.council_id left join districts di on di.id = c.district_id
              where ${lotFilter(f)} group by 1 order by 1`,
        ),
    }),
  ),
];

/** A report's total row: amounts summed, counts added, text columns left blank. */
export function reportTotals(report: Report, rows: Row[]): Row {
  const totals: Row = {};
  for (const c of report.columns.slice(1)) {
    const values = rows.map((r) => String(r[c.key] ?? '0'));
    totals[c.key] = c.amount
      ? sum(values).toFixed(c.key === 'kg' ? 3 : 2)
      : rows.every((r) => typeof r[c.key] === 'number')
        ? values.reduce((n, v) => n + Number(v), 0)
        : '';
  }
  return totals;
}
