import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/rows.ts';
import { postBusinessEvent } from '../../../src/modules/accounts/journal/post-business-event.ts';
import { writeAuctionParties } from '../auction-parties.ts';
import { farmerIdSql } from './people.ts';
import type { ApexPlan } from './plan.ts';

export const APEX_FINANCE_EMAIL = 'apex.finance@apex.test';
export const LOTS = 500;
const BUYERS = 10;

/**
 * Once: the settlement's season crop (a planned season: the open one holds the weighing), its four
 * deduction rules (one buyer-paid), a warehouse, a transporter, 10 buyers and the finance manager
 * who approves. As the settlement suite's, under AXST names.
 */
export async function writeSettlementSetup(db: Db, adminId: string, passwordHash: string, today: string) {
  await db.execute(sql`with s as (insert into seasons (id, name, start_date, end_date, status)
      values (gen_random_uuid(), 'Apex settlement season', ${today}::date - 200, ${today}::date + 100, 'planned') returning id)
    insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture)
    select gen_random_uuid(), s.id, c.id, 2000, 80, 10 from s, crops c where c.code = 'CASHEW'`);
  await writeAuctionParties(db, {
    prefix: 'AXST',
    bidPrefix: 'AXB',
    seasonCropId: sql`select sc.id from season_crops sc join seasons s on s.id = sc.season_id where s.name = 'Apex settlement season'`,
    operator: 'Apex operator',
    phone: '255713000888',
    buyers: BUYERS,
  });
  await db.execute(sql`
    with u as (insert into users (id, first_name, last_name, email, mobile, gender, password_hash, is_initial_password,
        active, created_by)
      values (gen_random_uuid(), 'Apex', 'Finance', ${APEX_FINANCE_EMAIL}, '255700999222', 'Female', ${passwordHash},
        false, true, ${adminId}) returning id)
    insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Finance Manager'`);
}

/** Each lot's farmers are of one AMCOS (500 farmers each): a divisor of 500, up to 100, that fits. */
export const farmersPerLot = (farmers: number) =>
  [100, 50, 25, 20, 10, 5, 4, 2, 1].find((d) => d * LOTS <= farmers) ?? 1;

export type Auction = { id: string; number: number; lots: number; farmers: number };

/**
 * One auction of 500 sold lots ready to settle, written for each run (a settlement consumes its
 * auction): the run's slice of the apex farmers, `perLot` of one AMCOS in each lot, one 50 kg
 * collection each; a delivery note with transport per lot; one paid invoice per buyer (50 lots),
 * its sale and receipt posted through the posting door; a loan for every tenth farmer, posted too.
 */
export async function writeAuction(db: Db, plan: ApexPlan, adminId: string, today: string): Promise<Auction> {
  const perLot = farmersPerLot(plan.farmers);
  const [done] = await queryRows(
    db,
    z.object({ n: z.number() }),
    sql`select count(*)::int as n from lots where whr_no like 'AXWHR-%-0'`,
  );
  const k = (done?.n ?? 0) + 1;
  const first = (((k - 1) * LOTS * perLot) % plan.farmers) + 1;
  const auctionId = `00000000-0000-4000-ad00-${k.toString(16).padStart(12, '0')}`;
  const kg = perLot * 50;
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temporary table ax_lots on commit drop as
      select j, gen_random_uuid() as lot_id, gen_random_uuid() as dn_id, f.amcos_id, 1800 + (${k} * 31 + j * 7) % 900 as price
      from generate_series(0, ${LOTS - 1}) j
        join farmers f on f.id = ${farmerIdSql(sql`${first} + j * ${perLot}`)}`);
    const ids = sql`(select w.id from warehouses w where w.licence_no = 'AXSTWL-1') w,
      (select t.id from transporters t where t.name = 'AXST Haulage') t,
      (select sc.id from season_crops sc join seasons s on s.id = sc.season_id where s.name = 'Apex settlement season') sc,
      (select g.id from grades g join crops c on c.id = g.crop_id where c.code = 'CASHEW' order by g.code limit 1) g`;
    await tx.execute(sql`insert into delivery_notes (id, dn_no, amcos_id, season_crop_id, warehouse_id, transporter_id,
        vehicle_plate, driver_name, status, bags, net_kg, transport_charge, received_bags, received_kg)
      select x.dn_id, 'AXDN-' || ${k} || '-' || x.j, x.amcos_id, sc.id, w.id, t.id, 'T 000 AX', 'Apex driver',
        'receipted', ${perLot}, ${kg}, ${kg * 15}, ${perLot}, ${kg - 20}
      from ax_lots x, ${ids}`);
    await tx.execute(sql`insert into lots (id, whr_no, lot_no, warehouse_id, amcos_id, season_crop_id, grade_id, bags,
        net_kg, collected_kg, status, issued_by)
      select x.lot_id, 'AXWHR-' || ${k} || '-' || x.j, 'AXL-' || ${k} || '-' || lpad(x.j::text, 3, '0'), w.id, x.amcos_id,
        sc.id, g.id, ${perLot}, ${kg - 20}, ${kg}, 'sold', ${adminId}::uuid
      from ax_lots x, ${ids}`);
    await tx.execute(sql`insert into lot_sources (lot_id, delivery_note_id, bags, net_kg, collected_kg)
      select lot_id, dn_id, ${perLot}, ${kg - 20}, ${kg} from ax_lots`);
    await tx.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
        bags, gross_kg, tare_kg, net_kg, moisture, status, delivery_note_id, lot_id, created_by)
      select gen_random_uuid(), 'AXSTR-' || ${k} || '-' || (${first} + x.j * ${perLot} + i), ${today}::date - 30, sc.id,
        x.amcos_id, ${farmerIdSql(sql`${first} + x.j * ${perLot} + i`)}, g.id, 1, 51, 1, 50, 8, 'sold', x.dn_id, x.lot_id,
        ${adminId}::uuid
      from ax_lots x cross join generate_series(0, ${perLot - 1}) i, ${ids}`);
    await writeInvoices(tx, k, auctionId, kg - 20, adminId, today);
    await writeLoans(tx, k, first, LOTS * perLot, adminId, today);
    return { id: auctionId, number: k, lots: LOTS, farmers: LOTS * perLot };
  });
}

async function writeInvoices(
  tx: Tx,
  k: number,
  auctionId: string,
  lotKg: number,
  adminId: string,
  today: string,
) {
  const invoices = await queryRows(
    tx,
    z.object({
      id: z.string(),
      no: z.string(),
      buyer_id: z.string(),
      buyer: z.string(),
      subtotal: z.string(),
      levies: z.string(),
    }),
    sql`with b as (select array_agg(id order by bid_code) ids, array_agg(name order by bid_code) names
                   from buyers where bid_code like 'AXB%'),
        i as (select j / ${LOTS / BUYERS} as n, sum(round(${lotKg}::numeric * price, 2)) as subtotal,
                sum(round(round(${lotKg}::numeric * price, 2) * 1.5 / 100, 2)) as levies
              from ax_lots group by 1)
      select gen_random_uuid()::text as id, 'AXINV-' || ${k} || '-' || i.n as no, b.ids[1 + i.n]::text as buyer_id,
        b.names[1 + i.n] as buyer, i.subtotal::text, i.levies::text from i, b order by i.n`,
  );
  for (const [n, inv] of invoices.entries()) {
    const total = sql`${inv.subtotal}::numeric + ${inv.levies}::numeric`;
    await tx.execute(sql`insert into sales_invoices (id, invoice_no, buyer_id, auction_id, invoice_date, due_date, status,
        subtotal, levies_total, total, paid_amount)
      values (${inv.id}, ${inv.no}, ${inv.buyer_id}, ${auctionId}, ${today}, ${today}, 'paid', ${inv.subtotal}, ${inv.levies},
        ${total}, ${total})`);
    await tx.execute(sql`insert into sales_invoice_lines (id, invoice_id, line_no, kind, lot_id, description, kg, price_per_kg, amount)
      select gen_random_uuid(), ${inv.id}, 1 + x.j % ${LOTS / BUYERS}, 'lot', x.lot_id, 'Lot ' || x.j, ${lotKg}, x.price,
        round(${lotKg}::numeric * x.price, 2)
      from ax_lots x where x.j / ${LOTS / BUYERS} = ${n}`);
    const party = { type: 'buyer' as const, id: inv.buyer_id, name: inv.buyer };
    const common = { date: today, reference: inv.no, actorId: adminId, party };
    await postBusinessEvent(tx, {
      ...common,
      type: 'sales_invoice',
      amount: inv.subtotal,
      buyerLevies: inv.levies,
      narration: `Apex bench: invoice ${inv.no}`,
      sourceType: 'sales_invoice',
      sourceId: inv.id,
    });
    const paid = await queryRows(tx, z.object({ t: z.string() }), sql`select (${total})::text as t`);
    await postBusinessEvent(tx, {
      ...common,
      type: 'buyer_receipt',
      amount: paid[0]?.t ?? '0',
      narration: `Apex bench: invoice ${inv.no} paid`,
      sourceType: 'apex_bench',
      sourceId: inv.id,
    });
  }
}

async function writeLoans(tx: Tx, k: number, first: number, farmers: number, adminId: string, today: string) {
  const sixtyDaysAgo = new Date(Date.parse(today) - 60 * 86_400_000).toISOString().slice(0, 10);
  const issuedOn = sixtyDaysAgo < `${today.slice(0, 4)}-01-01` ? `${today.slice(0, 4)}-01-01` : sixtyDaysAgo;
  await tx.execute(sql`insert into farmer_loans (id, loan_no, farmer_id, amcos_id, issued_on, amount, reason, created_by)
    select gen_random_uuid(), 'AXLN-' || ${k} || '-' || n, f.id, f.amcos_id, ${issuedOn}, 50000, 'Apex advance', ${adminId}::uuid
    from generate_series(0, ${farmers - 1}, 10) n join farmers f on f.id = ${farmerIdSql(sql`${first} + n`)}`);
  // One posting for the run's loans, each loan pointing at it (so the start's backfill of unposted
  // loans, #16, leaves them alone).
  const posted = await postBusinessEvent(tx, {
    type: 'loan_issued',
    amount: String(Math.ceil(farmers / 10) * 50_000),
    date: issuedOn,
    narration: `Apex bench: loans of auction ${k}`,
    sourceType: 'apex_bench',
    sourceId: `00000000-0000-4000-ad00-${k.toString(16).padStart(12, '0')}`,
    actorId: adminId,
  });
  await tx.execute(
    sql`update farmer_loans set journal_entry_id = ${posted.id} where loan_no like ${`AXLN-${k}-%`}`,
  );
}
