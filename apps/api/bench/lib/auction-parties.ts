import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

/**
 * The parties a bench auction settles against, under one name prefix (`ST` for the settlement
 * suite, `AXST` for apex): a crop board, the union and a district council with the season crop's
 * four deduction rules (one buyer-paid), a warehouse, a transporter and `buyers` buyers.
 */
export async function writeAuctionParties(
  db: Db,
  p: {
    prefix: string;
    bidPrefix: string;
    seasonCropId: SQL;
    operator: string;
    phone: string;
    buyers: number;
  },
) {
  const name = (s: string) => `${p.prefix} ${s}`;
  await db.execute(sql`
    with b as (insert into beneficiaries (id, name, kind) values
      (gen_random_uuid(), ${name('Crop board')}, 'crop_board'), (gen_random_uuid(), ${name('Union')}, 'union'),
      (gen_random_uuid(), ${name('District council')}, 'other') returning id, name)
    insert into deduction_rules (id, season_crop_id, name, recipient, beneficiary_id, payer, basis, rate, sort_order)
    select gen_random_uuid(), (${p.seasonCropId}), r.name, r.recipient, b.id, r.payer, r.basis, r.rate, r.ord
    from (values ('Council cess', 'beneficiary', ${name('District council')}, 'farmer', 'percent_of_gross', 3, 1),
                 ('Crop board levy', 'beneficiary', ${name('Crop board')}, 'buyer', 'percent_of_gross', 1.5, 2),
                 ('Union levy', 'beneficiary', ${name('Union')}, 'farmer', 'per_kg', 25, 3),
                 ('AMCOS levy', 'amcos', null, 'farmer', 'per_kg', 20, 4)) r(name, recipient, ben, payer, basis, rate, ord)
    left join b on b.name = r.ben`);
  await db.execute(sql`insert into warehouses (id, name, operator, licence_no)
    values (gen_random_uuid(), ${name('Warehouse')}, ${p.operator}, ${`${p.prefix}WL-1`})`);
  await db.execute(sql`insert into transporters (id, name, phone, rate_basis, rate)
    values (gen_random_uuid(), ${name('Haulage')}, ${p.phone}, 'per_kg', 15)`);
  await db.execute(sql`insert into buyers (id, name, licence_no, licence_expires_on, bid_code)
    select gen_random_uuid(), ${name('Buyer ')} || n, ${`${p.prefix}LIC-`} || n, '2099-12-31', ${p.bidPrefix} || lpad(n::text, 3, '0')
    from generate_series(1, ${p.buyers}) n`);
}
