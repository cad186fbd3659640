import type { SettlementLot, SettlementPreview } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { ComputedSettlement } from './compute-settlement.ts';

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The names of beneficiaries, transporters and AMCOS by id. */
export async function partyNames(
  db: DbOrTx,
  parties: { type: 'amcos' | 'beneficiary' | 'transporter'; id: string }[],
): Promise<Map<string, string>> {
  const ids = (type: string) => [...new Set(parties.filter((p) => p.type === type).map((p) => p.id))];
  const names = new Map<string, string>();
  const [b, t, a] = [ids('beneficiary'), ids('transporter'), ids('amcos')];
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from beneficiaries where id = any(${uuidArray(b)})
        union all select id, name from transporters where id = any(${uuidArray(t)})
        union all select id, name from amcos where id = any(${uuidArray(a)})`,
  );
  for (const r of rows) names.set(r.id, r.name);
  return names;
}

/** Grouped deduction lines of a lot: one per rule name, payer and payee. */
export function groupDeductions(
  lines: {
    name: string;
    payer: 'farmer' | 'buyer';
    partyType: 'amcos' | 'beneficiary' | 'transporter';
    partyId: string;
    amount: string;
  }[],
  names: Map<string, string>,
): SettlementLot['deductions'] {
  return lines.map((l) => ({ ...l, partyName: names.get(l.partyId) ?? '' }));
}

export const PREVIEW_FARMERS = 500;

/** The preview: totals, every lot's split, and the first farmers (by number) over all lots. */
export async function presentPreview(db: DbOrTx, computed: ComputedSettlement): Promise<SettlementPreview> {
  const parties = computed.lots.flatMap((l) => [...l.deductions, ...l.buyerLines].map((d) => d.payee));
  const names = await partyNames(db, parties);
  const byFarmer = new Map<
    string,
    {
      kg: string[];
      grossShare: string[];
      deductions: string[];
      owed: string[];
      loanRecovery: string[];
      net: string[];
    }
  >();
  for (const lot of computed.lots) {
    for (const f of lot.farmers) {
      const acc = byFarmer.get(f.farmerId) ?? {
        kg: [],
        grossShare: [],
        deductions: [],
        owed: [],
        loanRecovery: [],
        net: [],
      };
      acc.kg.push(f.kg);
      acc.grossShare.push(f.grossShare);
      acc.deductions.push(f.deductions);
      acc.owed.push(f.owed);
      acc.loanRecovery.push(f.loanRecovery);
      acc.net.push(f.net);
      byFarmer.set(f.farmerId, acc);
    }
  }
  const farmerRows = await queryRows<{ id: string; farmerNo: string; farmerName: string }>(
    db,
    sql`select id, farmer_no as "farmerNo", concat_ws(' ', first_name, middle_name, last_name) as "farmerName"
        from farmers where id = any(${uuidArray([...byFarmer.keys()])})
        order by farmer_no limit ${PREVIEW_FARMERS}`,
  );
  const farmers = farmerRows.map((f) => {
    const acc = byFarmer.get(f.id);
    const total = (values: string[] | undefined, dp = 2) => sum(values ?? []).toFixed(dp);
    return {
      farmerId: f.id,
      farmerNo: f.farmerNo,
      farmerName: f.farmerName,
      kg: total(acc?.kg, 3),
      grossShare: total(acc?.grossShare),
      deductions: total(acc?.deductions),
      owed: total(acc?.owed),
      loanRecovery: total(acc?.loanRecovery),
      net: total(acc?.net),
    };
  });
  const t = computed.totals;
  return {
    lotCount: computed.lots.length,
    farmerCount: computed.farmerCount,
    gross: t.gross,
    beneficiaries: t.beneficiaries,
    transporters: t.transporters,
    amcosShare: t.amcos,
    farmersNet: t.farmersNet,
    loanRecovery: t.loanRecovery,
    buyerLevies: t.buyerLevies,
    lots: computed.lots.map((l) => ({
      lotId: l.lotId,
      lotNo: l.lot.lotNo,
      whrNo: l.lot.whrNo,
      amcosId: l.amcosId,
      amcosName: l.lot.amcosName,
      kg: l.kg,
      collectedKg: l.collectedKg,
      pricePerKg: dec(l.pricePerKg).toFixed(2),
      gross: l.gross,
      beneficiaries: l.beneficiaries,
      transporters: l.transporters,
      amcosShare: l.amcos,
      farmersNet: l.farmersNet,
      loanRecovery: l.loanRecovery,
      buyerLevies: l.buyerLevies,
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
