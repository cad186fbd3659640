import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { enqueueEventSms } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, smsText } from '../../../platform/sms-texts.ts';

const farmerLine = z.object({
  farmerId: z.string(),
  recipient: z.string(),
  society: z.string(),
  kg: z.string(),
  amount: z.string(),
  crop: z.string(),
  cropSw: z.string(),
  lang: z.enum(['sw', 'en']),
});

/**
 * Each farmer's SMS of an approved second payment (#32): the rate, their kg of the crop and what
 * they will receive, in their language (the crop's Swahili name in Swahili), once per second
 * payment and farmer (the outbox's event key `second-payment:<id>:<farmer>`).
 */
export async function queueSecondPaymentSms(
  tx: DbOrTx,
  p: { id: string; paymentNo: string; ratePerKg: string },
): Promise<void> {
  const lines = await queryRows(
    tx,
    farmerLine,
    sql`select l.farmer_id as "farmerId", f.phone as recipient, min(a.name) as society,
          sum(l.kg)::text as kg, sum(l.amount)::text as amount, min(c.name) as crop,
          min(coalesce(nullif(c.name_sw, ''), c.name)) as "cropSw", coalesce(max(fp.language), 'sw') as lang
        from second_payment_lines l
        join second_payments p on p.id = l.second_payment_id
        join season_crops sc on sc.id = p.season_crop_id join crops c on c.id = sc.crop_id
        join farmers f on f.id = l.farmer_id join amcos a on a.id = l.amcos_id
        left join farmer_pins fp on fp.farmer_id = f.id
        where l.second_payment_id = ${p.id} and coalesce(f.phone, '') <> ''
        group by l.farmer_id, f.phone having sum(l.amount) > 0`,
  );
  await enqueueEventSms(
    tx,
    lines.map((l) => ({
      key: `second-payment:${p.id}:${l.farmerId}`,
      recipient: l.recipient,
      body: smsText(FARMER_SMS.secondPayment[l.lang], {
        society: l.society,
        no: p.paymentNo,
        rate: toGroupedAmount(p.ratePerKg),
        kg: toGroupedQuantity(l.kg),
        crop: l.lang === 'sw' ? l.cropSw : l.crop,
        amount: toGroupedAmount(l.amount),
      }),
    })),
  );
}
