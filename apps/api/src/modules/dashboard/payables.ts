import type { DashboardReply } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

type Payables = DashboardReply['payables'];
type PartyMoney = Payables['due'];
const payableRow = z.object({ payable: z.string().nullable(), due: z.string(), paid: z.string() });

const KEYS: Record<string, keyof PartyMoney> = {
  payable_farmers: 'farmers',
  payable_amcos: 'amcos',
  payable_beneficiaries: 'beneficiaries',
  payable_transporters: 'transporters',
};

const zeros = (amcosId: string | null): PartyMoney => ({
  farmers: '0.00',
  amcos: '0.00',
  beneficiaries: amcosId ? null : '0.00',
  transporters: amcosId ? null : '0.00',
  total: '0.00',
});

export const emptyPayables = (amcosId: string | null): Payables => ({
  due: zeros(amcosId),
  paidOut: zeros(amcosId),
});

/**
 * Payables due (lines pending or failed) and paid out (lines paid) of the settlements holding a lot
 * of the season, per payable (the control account: farmers' money paid through their AMCOS is
 * still the farmers'), summed as NUMERIC in one statement; the rollup row (payable null) is the
 * total. A retried line is left out: its retry carries the money. `amcosId` confines the lines to
 * one society's farmers and AMCOS (`payment_lines.amcos_id`, as `/payments/lines` does), and then
 * beneficiaries and transporters, union-wide, are null.
 */
export async function seasonPayables(db: DbOrTx, inSeason: SQL, amcosId: string | null): Promise<Payables> {
  const rows = await queryRows(
    db,
    payableRow,
    sql`select pl.payable,
          coalesce(sum(pl.amount) filter (where pl.status in ('pending', 'failed')), 0)::numeric(18,2)::text as due,
          coalesce(sum(pl.amount) filter (where pl.status = 'paid'), 0)::numeric(18,2)::text as paid
        from payment_lines pl
        where pl.settlement_id in (
            select sl.settlement_id from settlement_lots sl where sl.season_crop_id in ${inSeason}
          )
          and pl.status <> 'retried' ${amcosId ? sql`and pl.amcos_id = ${amcosId}::uuid` : sql``}
        group by rollup (pl.payable)`,
  );
  const out = emptyPayables(amcosId);
  for (const r of rows) {
    const key = r.payable === null ? 'total' : KEYS[r.payable];
    if (!key) continue;
    out.due[key] = r.due;
    out.paidOut[key] = r.paid;
  }
  return out;
}
