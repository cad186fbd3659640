import { createBuyerBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { buyerResource } from '../modules/sales/buyers/buyers.ts';
import { buyers } from '../modules/sales/buyers/schema.ts';
import { createRecord } from '../platform/catalog.ts';
import { addDays } from './demo-sales-support.ts';
import { seedActor } from './demo-union.ts';

/** Licensed cashew buyers: local exporters and Indian and Vietnamese processors' agents. */
const BUYERS = [
  [
    'Kusini Cashew Exporters Ltd',
    '104-221-873',
    'KCE',
    'Tanzania',
    'Abdallah Mnenge',
    '255754300101',
    'P.O. Box 412, Mtwara',
  ],
  [
    'Ruvuma Agro Commodities Ltd',
    '112-507-336',
    'RAC',
    'Tanzania',
    'Grace Komba',
    '255754300102',
    'P.O. Box 88, Songea',
  ],
  [
    'Lindi Coast Produce Ltd',
    '117-830-214',
    'LCP',
    'Tanzania',
    'Said Kitwana',
    '255754300103',
    'Plot 9, Kawawa Road, Lindi',
  ],
  [
    'Mangalore Kaju Traders (T) Ltd',
    '128-330-951',
    'MKT',
    'India',
    'Prakash Shenoy',
    '255754300104',
    'Plot 17, Mikindani Road, Mtwara',
  ],
  [
    'Kollam Cashew Exports Pvt Ltd',
    '131-642-078',
    'KCX',
    'India',
    'Anil Kumar Pillai',
    '919847200105',
    'Kilikolloor, Kollam, Kerala, India',
  ],
  [
    'Tuticorin Nut Company Ltd',
    '133-905-417',
    'TNC',
    'India',
    'Ramesh Natarajan',
    '919443200106',
    'Harbour Road, Thoothukudi, India',
  ],
  [
    'Binh Phuoc Cashew Import-Export JSC',
    '140-218-659',
    'BPC',
    'Vietnam',
    'Nguyen Van Thanh',
    '842713200107',
    'Dong Xoai, Binh Phuoc, Vietnam',
  ],
  [
    'Saigon Nut Trading Co. Ltd',
    '142-774-302',
    'SNT',
    'Vietnam',
    'Tran Thi Mai',
    '842837200108',
    'District 7, Ho Chi Minh City, Vietnam',
  ],
] as const;

/** Their bid codes, in the order above (the auctions weigh the winners by it). */
export const DEMO_BID_CODES: string[] = BUYERS.map((b) => b[2]);

/** Registers the demo buyers that are not there yet (by bid code); answers how many were added. */
export async function ensureDemoBuyers(db: Db, actorId: string, licenceEnd: string): Promise<number> {
  let added = 0;
  for (const [i, [name, tin, bidCode, country, contactPerson, phone, address]] of BUYERS.entries()) {
    const [found] = await db.select({ id: buyers.id }).from(buyers).where(eq(buyers.bidCode, bidCode));
    if (found) continue;
    const domain = name
      .toLowerCase()
      .replace(/[^a-z]+/g, '')
      .slice(0, 16);
    const body = createBuyerBody.parse({
      name,
      tin,
      licenceNo: `CBT/BL/2026/${String(31 + i * 7).padStart(3, '0')}`,
      // Licences run to the season's end, a few a quarter beyond it.
      licenceExpiresOn: i % 3 === 2 ? addDays(licenceEnd, 92) : licenceEnd,
      bidCode,
      contactPerson,
      phone,
      email: `trading@${domain}.test`,
      address,
      country,
      bidSecurity: String((i < 4 ? 50 : 30) * 1_000_000),
    });
    await createRecord(db, seedActor(actorId), { resource: buyerResource, body });
    added += 1;
  }
  return added;
}
