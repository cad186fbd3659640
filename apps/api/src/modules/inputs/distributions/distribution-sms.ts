import type { DistributionDetail } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { enqueueSms } from '../../../platform/sms-outbox.ts';
import { grouped } from '../../accounts/reports/pdf.ts';

const tzs = (amount: string) => `TZS ${grouped(dec(amount).toFixed(2))}`;

/**
 * The farmer's SMS (Swahili, like the collection receipt): what was given, what it costs them,
 * and everything they owe now. Amounts are decimal strings formatted by digit grouping, never
 * through a JS number.
 */
export function distributionSmsText(d: DistributionDetail, totalOwed: string): string {
  const given = d.lines.map((l) => `${l.itemName} ${l.unit} ${dec(l.quantity).toString()}`).join(', ');
  const cost =
    d.kind === 'free'
      ? 'Bila malipo.'
      : d.kind === 'cash'
        ? `Umelipa ${tzs(d.farmerAmount)} taslimu.`
        : `Deni la pembejeo hizi ${tzs(d.farmerAmount)}${d.kind === 'subsidised' ? ` (ruzuku ${tzs(d.subsidyAmount)})` : ''}.`;
  return `${d.amcosName}: Umepokea pembejeo ${d.distributionNo}: ${given}. ${cost} Jumla ya deni lako ${tzs(totalOwed)}, litakatwa kwenye malipo ya zao.`;
}

export async function distributionSms(tx: DbOrTx, phone: string, d: DistributionDetail): Promise<void> {
  const [owed] = await queryRows<{ owed: string }>(
    tx,
    sql`select coalesce(sum(amount - recovered), 0)::numeric(16,2)::text as owed from farmer_loans
        where farmer_id = ${d.farmerId} and status = 'active'`,
  );
  await enqueueSms(tx, phone, distributionSmsText(d, owed?.owed ?? '0.00'));
}
