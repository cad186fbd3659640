import { dec, toGroupedAmount } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { enqueueEventSms } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, smsText } from '../../../platform/sms-texts.ts';

const farmerShare = z.object({
  farmerId: z.string(),
  recipient: z.string().nullable(),
  society: z.string(),
  gross: z.string(),
  deductions: z.string(),
  loan: z.string(),
  shares: z.string(),
  net: z.string(),
  lang: z.enum(['sw', 'en']),
});

/**
 * Each farmer's SMS of an approved settlement (#31: what they will receive and why), in their
 * language, once per settlement and farmer (the outbox's event key): their gross share, the
 * deductions, the loan recovered, the member's shares paid from it (when any) and the net, summed from their settlement_farmers rows, the
 * same rows their statement and the USSD menu sum.
 */
export async function queueSettlementSms(
  tx: DbOrTx,
  settlementId: string,
  settlementNo: string,
): Promise<void> {
  const shares = await queryRows(
    tx,
    farmerShare,
    sql`select sf.farmer_id as "farmerId", f.phone as recipient, a.name as society,
          sum(sf.gross_share)::text as gross, sum(sf.deductions)::text as deductions,
          sum(sf.loan_recovery)::text as loan, sum(sf.member_shares)::text as shares, sum(sf.net)::text as net,
          coalesce(max(fp.language), 'sw') as lang
        from settlement_farmers sf
        join farmers f on f.id = sf.farmer_id
        join amcos a on a.id = f.amcos_id
        left join farmer_pins fp on fp.farmer_id = f.id
        where sf.settlement_id = ${settlementId} and coalesce(f.phone, '') <> ''
        group by sf.farmer_id, f.phone, a.name`,
  );
  await enqueueEventSms(
    tx,
    shares.map((s) => ({
      key: `settlement-approved:${settlementId}:${s.farmerId}`,
      recipient: s.recipient,
      body: smsText(
        (dec(s.shares).isZero() ? FARMER_SMS.settlementApproved : FARMER_SMS.settlementApprovedWithShares)[
          s.lang
        ],
        {
          society: s.society,
          no: settlementNo,
          gross: toGroupedAmount(s.gross),
          deductions: toGroupedAmount(s.deductions),
          loan: toGroupedAmount(s.loan),
          shares: toGroupedAmount(s.shares),
          net: toGroupedAmount(s.net),
        },
      ),
    })),
  );
}
