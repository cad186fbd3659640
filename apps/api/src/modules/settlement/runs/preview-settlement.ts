import type { SettlementPreview, SettlementSelection } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor, SystemActor } from '../../../platform/access.ts';
import {
  type ComputedSettlement,
  computeSettlement,
  FARMER_FIGURES,
  type FarmerFigure,
  farmerFigureLists,
  paidUnsettledLots,
  splitAmounts,
  uuidArray,
} from './compute-settlement.ts';
import { groupDeductions, partyNames } from './queries.ts';

/** What settling the selected paid lots would give; nothing is written. */
export async function previewSettlement(
  db: DbOrTx,
  _actor: Actor | SystemActor,
  { selection }: { selection: SettlementSelection },
): Promise<SettlementPreview> {
  const paid = await paidUnsettledLots(db, selection);
  return presentPreview(db, await computeSettlement(db, paid));
}

export const PREVIEW_FARMERS = 500;

/** The preview: totals, every lot's split, and the first farmers (by number) over all lots. */
async function presentPreview(db: DbOrTx, computed: ComputedSettlement): Promise<SettlementPreview> {
  const parties = computed.lots.flatMap((l) => [...l.deductions, ...l.buyerLines].map((d) => d.payee));
  const names = await partyNames(db, parties);
  const byFarmer = new Map<string, Record<FarmerFigure, string[]>>();
  for (const lot of computed.lots) {
    for (const f of lot.farmers) {
      const lists = byFarmer.get(f.farmerId) ?? farmerFigureLists();
      for (const k of FARMER_FIGURES) lists[k].push(f[k]);
      byFarmer.set(f.farmerId, lists);
    }
  }
  const farmerRows = await queryRows(
    db,
    z.object({ id: z.string(), farmerNo: z.string(), farmerName: z.string() }),
    sql`select id, farmer_no as "farmerNo", concat_ws(' ', first_name, middle_name, last_name) as "farmerName"
        from farmers where id = any(${uuidArray([...byFarmer.keys()])})
        order by farmer_no limit ${PREVIEW_FARMERS}`,
  );
  const farmers = farmerRows.map((f) => {
    const lists = byFarmer.get(f.id);
    const totals = FARMER_FIGURES.map((k) => [k, sum(lists?.[k] ?? []).toFixed(k === 'kg' ? 3 : 2)]);
    return {
      farmerId: f.id,
      farmerNo: f.farmerNo,
      farmerName: f.farmerName,
      ...(Object.fromEntries(totals) as Record<FarmerFigure, string>),
    };
  });
  return {
    lotCount: computed.lots.length,
    farmerCount: computed.farmerCount,
    ...splitAmounts(computed.totals),
    lots: computed.lots.map((l) => ({
      lotId: l.lotId,
      lotNo: l.lot.lotNo,
      whrNo: l.lot.whrNo,
      amcosId: l.amcosId,
      amcosName: l.lot.amcosName,
      kg: l.kg,
      collectedKg: l.collectedKg,
      pricePerKg: dec(l.pricePerKg).toFixed(2),
      ...splitAmounts(l),
      farmerCount: l.farmers.length,
      deductions: groupDeductions(
        [...l.deductions, ...l.buyerLines].map((d) => ({
          name: d.name,
          payer: d.payer,
          partyType: d.payee.type,
          partyId: d.payee.id,
          amount: d.amount,
        })),
        names,
      ),
    })),
    farmers,
  };
}
