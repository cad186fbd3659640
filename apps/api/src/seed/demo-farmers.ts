import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ImportFarmer } from '../modules/farmers/check-import.ts';
import { importFarmers } from '../modules/farmers/import-farmers.ts';
import { farmers } from '../modules/farmers/schema.ts';
import { crops } from '../modules/seasons/schema.ts';
import { hashPin } from '../modules/ussd/pin.ts';
import { seedActor } from './demo-union.ts';

const MEN =
  'Juma Hamisi Salum Athumani Issa Rashidi Bakari Hassani Omari Ally Mussa Abdallah Said Shabani Ramadhani Selemani Hemedi Yusufu Iddi Mrisho Faraji Zuberi'.split(
    ' ',
  );
const WOMEN =
  'Neema Rehema Zawadi Upendo Mwanaisha Fatuma Halima Mwajuma Asha Zainabu Mariamu Amina Saida Mwanahawa Tatu Rukia Hadija Subira Sikudhani Zuhura Ashura Salma'.split(
    ' ',
  );
const SURNAMES =
  'Mbonde Kibwana Chilumba Namkulala Namwaya Mtalika Mnyampala Chipanda Nangale Chitanda Likwelile Ngombale Nachilongo Mtenda Mchopa Nandonde Mtanda Chinguile Mkapa Mpwapwa Mohamed Bakari Hassan Omari Selemani Mapunda Ngonyani Kalinga Mhagama Komba'.split(
    ' ',
  );
const VILLAGE_SUFFIXES = ['A', 'B', 'Juu', 'Chini', 'Mashariki', 'Magharibi'];

/** A small deterministic generator, so the demo data is the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    digits: (n: number) => Array.from({ length: n }, () => Math.floor(next() * 10)).join(''),
  };
}

export type DemoSociety = {
  id: string;
  code: string;
  village: string;
  lat: number;
  lng: number;
  bankId: string | null;
};

/**
 * Gives each demo AMCOS that has no farmers yet its share of `total` farmers, each with a cashew
 * (or, one in five, sesame) farm a few km from the society, through the same bulk import the
 * spreadsheet upload uses. Societies that already have farmers are left alone.
 */
export async function loadDemoFarmers(
  db: Db,
  { societies, total, actorId }: { societies: DemoSociety[]; total: number; actorId: string },
): Promise<{ created: number; skipped: number }> {
  const cropIds = new Map(
    (await db.select({ id: crops.id, code: crops.code, name: crops.name }).from(crops)).map((c) => [
      c.code,
      c,
    ]),
  );
  const cashew = cropIds.get('CASHEW');
  const sesame = cropIds.get('SESAME');
  let created = 0;
  let skipped = 0;
  const perSociety = Math.ceil(total / societies.length);
  for (const [index, society] of societies.entries()) {
    const [existing] = await db
      .select({ value: count() })
      .from(farmers)
      .where(eq(farmers.amcosId, society.id));
    if ((existing?.value ?? 0) > 0) {
      skipped += existing?.value ?? 0;
      continue;
    }
    const random = generator(2026 + index);
    const rows: ImportFarmer[] = [];
    const n = Math.min(perSociety, total - index * perSociety);
    for (let i = 0; i < n; i++) {
      const female = random.next() < 0.45;
      const crop = random.next() < 0.8 ? cashew : sesame;
      const year = 1950 + random.int(50);
      rows.push({
        row: i + 2,
        amcosId: society.id,
        amcosCode: society.code,
        firstName: random.pick(female ? WOMEN : MEN),
        middleName: random.next() < 0.5 ? random.pick(MEN) : null,
        lastName: random.pick(SURNAMES),
        gender: female ? 'Female' : 'Male',
        dateOfBirth: `${year}-${String(1 + random.int(12)).padStart(2, '0')}-${String(1 + random.int(28)).padStart(2, '0')}`,
        // Demo NIDA numbers: birth date, then the society's index and the farmer's, so they never clash.
        nationalId: `${year}0101${String(index).padStart(3, '0')}${String(i).padStart(5, '0')}${random.digits(4)}`,
        phone: `2557${String(index).padStart(2, '0')}${String(i).padStart(4, '0')}${random.digits(2)}`,
        bankId: random.next() < 0.6 ? society.bankId : null,
        accountNo: null,
        village: `${society.village} ${random.pick(VILLAGE_SUFFIXES)}`,
        farm: {
          cropId: crop?.id ?? null,
          cropName: crop?.name ?? null,
          acres: (0.5 + random.int(95) / 10).toFixed(2),
          trees: crop === cashew ? 20 + random.int(280) : null,
          lat: Number((society.lat + (random.next() - 0.5) * 0.12).toFixed(6)),
          lng: Number((society.lng + (random.next() - 0.5) * 0.12).toFixed(6)),
        },
      });
    }
    const result = await importFarmers(db, seedActor(actorId), {
      checked: { rows: rows.length, valid: rows, errors: [] },
    });
    created += result.imported;
  }
  return { created, skipped };
}

/** The USSD PIN every demo farmer has (#31): dial the demo with a farmer's phone and this PIN. */
export const DEMO_USSD_PIN = '2580';

/** Gives each demo farmer with a phone and no USSD PIN yet the demo PIN (one hash for all). */
export async function giveDemoPins(db: Db): Promise<void> {
  const pinHash = await hashPin(DEMO_USSD_PIN);
  await db.execute(sql`insert into farmer_pins (farmer_id, pin_hash)
    select id, ${pinHash} from farmers where phone is not null
    on conflict (farmer_id) do nothing`);
}
