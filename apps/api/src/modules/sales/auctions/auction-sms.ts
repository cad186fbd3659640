import { toGroupedAmount, toGroupedQuantity } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { enqueueEventSms } from '../../../platform/sms-outbox.ts';
import { FARMER_SMS, optionalSmsKey, smsText } from '../../../platform/sms-texts.ts';

const farmerResult = z.object({
  farmerId: z.string(),
  recipient: z.string(),
  society: z.string(),
  lang: z.enum(['sw', 'en']),
  kg: z.string(),
  price: z.string(),
  crop: z.string(),
});

/** 2026-11-28 -> 28/11/2026, as the farmers' SMS write dates. */
const dayOf = (iso: string) => iso.split('-').reverse().join('/');

/**
 * Each farmer with crop in a closed auction's sold lots gets its result (#31), in their language,
 * once per auction and farmer (the outbox's event key): their kilograms sold and the average price
 * their lots fetched (weighted by their kilograms). What it pays them is the settlement's SMS.
 */
export async function queueAuctionResultSms(
  tx: DbOrTx,
  auction: { id: string; auctionNo: string; auctionDate: string },
): Promise<void> {
  const results = await queryRows(
    tx,
    farmerResult,
    sql`select c.farmer_id as "farmerId", f.phone as recipient, a.name as society,
          coalesce(fp.language, 'sw') as lang, sum(c.net_kg)::numeric(16,3)::text as kg,
          round(sum(c.net_kg * al.price_per_kg) / sum(c.net_kg), 2)::numeric(14,2)::text as price,
          string_agg(distinct case when fp.language = 'en' then cr.name
            else coalesce(nullif(cr.name_sw, ''), cr.name) end, ', ') as crop
        from auction_lots al
        join collections c on c.lot_id = al.lot_id and c.status <> 'cancelled'
        join farmers f on f.id = c.farmer_id
        join amcos a on a.id = f.amcos_id
        left join farmer_pins fp on fp.farmer_id = f.id
        join lots l on l.id = al.lot_id
        join season_crops sc on sc.id = l.season_crop_id
        join crops cr on cr.id = sc.crop_id
        where al.auction_id = ${auction.id} and al.outcome = 'sold' and coalesce(f.phone, '') <> ''
        group by c.farmer_id, f.phone, a.name, fp.language
        having sum(c.net_kg) > 0`,
  );
  await enqueueEventSms(
    tx,
    results.map((r) => ({
      key: optionalSmsKey('auctionResult', auction.id, r.farmerId),
      recipient: r.recipient,
      farmer: { id: r.farmerId, kind: 'auctionResult' },
      body: smsText(FARMER_SMS.auctionResult[r.lang], {
        society: r.society,
        no: auction.auctionNo,
        date: dayOf(auction.auctionDate),
        kg: toGroupedQuantity(r.kg),
        crop: r.crop,
        price: toGroupedAmount(r.price),
      }),
    })),
  );
}
