import type { SettlementFarmerRow } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { PageWindow } from '../../platform/list.ts';

/** Each farmer's share of each lot of a settlement, by farmer number; an AMCOS user's own only. */
export async function settlementFarmers(
  db: DbOrTx,
  settlementId: string,
  society: string | null,
  search: string | undefined,
  page: PageWindow,
): Promise<{ rows: SettlementFarmerRow[]; total: number }> {
  const where = sql`sf.settlement_id = ${settlementId}
    ${society ? sql`and sf.amcos_id = ${society}` : sql``}
    ${search ? sql`and f.farmer_no = ${search.trim().toUpperCase()}` : sql``}`;
  const [rows, [total]] = await Promise.all([
    queryRows<SettlementFarmerRow>(
      db,
      sql`select sf.farmer_id as "farmerId", f.farmer_no as "farmerNo",
            concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
            sf.kg::text as kg, sf.gross_share::text as "grossShare", sf.deductions::text as deductions,
            sf.owed::text as owed, sf.loan_recovery::text as "loanRecovery", sf.net::text as net,
            sf.lot_id as "lotId", l.lot_no as "lotNo", sf.amcos_id as "amcosId", a.name as "amcosName"
          from settlement_farmers sf join farmers f on f.id = sf.farmer_id
          join lots l on l.id = sf.lot_id join amcos a on a.id = sf.amcos_id
          where ${where}
          order by f.farmer_no, l.lot_no
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from settlement_farmers sf join farmers f on f.id = sf.farmer_id where ${where}`,
    ),
  ]);
  return { rows, total: total?.n ?? 0 };
}
