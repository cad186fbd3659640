import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { councils, districts, regions } from './schema.ts';

type CouncilKind = 'district' | 'town' | 'municipal' | 'city';
/** [district, council name, kind] */
type CouncilSeed = readonly [string, string, CouncilKind];

/** Tanzania's 31 regions (26 on the mainland, 5 in Zanzibar) with a short code each. */
export const TANZANIA_REGIONS: readonly (readonly [string, string])[] = [
  ['Arusha', 'ARU'],
  ['Dar es Salaam', 'DSM'],
  ['Dodoma', 'DOD'],
  ['Geita', 'GEI'],
  ['Iringa', 'IRI'],
  ['Kagera', 'KAG'],
  ['Katavi', 'KAT'],
  ['Kigoma', 'KIG'],
  ['Kilimanjaro', 'KIL'],
  ['Lindi', 'LIN'],
  ['Manyara', 'MAN'],
  ['Mara', 'MAR'],
  ['Mbeya', 'MBE'],
  ['Morogoro', 'MOR'],
  ['Mtwara', 'MTW'],
  ['Mwanza', 'MWA'],
  ['Njombe', 'NJO'],
  ['Pwani', 'PWA'],
  ['Rukwa', 'RUK'],
  ['Ruvuma', 'RUV'],
  ['Shinyanga', 'SHI'],
  ['Simiyu', 'SIM'],
  ['Singida', 'SIN'],
  ['Songwe', 'SON'],
  ['Tabora', 'TAB'],
  ['Tanga', 'TAN'],
  ['Kaskazini Pemba', 'KPE'],
  ['Kusini Pemba', 'SPE'],
  ['Kaskazini Unguja', 'KUN'],
  ['Kusini Unguja', 'SUN'],
  ['Mjini Magharibi', 'MMA'],
];

/**
 * Councils of the main cashew regions (Mtwara, Lindi, Ruvuma, Pwani, Tanga) and sesame regions
 * (Lindi, Morogoro, Dodoma, Singida, Manyara, Mtwara): the local authorities that collect cess.
 */
export const CROP_REGION_COUNCILS: Record<string, readonly CouncilSeed[]> = {
  Mtwara: [
    ['Mtwara', 'Mtwara Mikindani Municipal Council', 'municipal'],
    ['Mtwara', 'Mtwara District Council', 'district'],
    ['Mtwara', 'Nanyamba Town Council', 'town'],
    ['Masasi', 'Masasi District Council', 'district'],
    ['Masasi', 'Masasi Town Council', 'town'],
    ['Newala', 'Newala District Council', 'district'],
    ['Newala', 'Newala Town Council', 'town'],
    ['Tandahimba', 'Tandahimba District Council', 'district'],
    ['Nanyumbu', 'Nanyumbu District Council', 'district'],
  ],
  Lindi: [
    ['Lindi', 'Lindi Municipal Council', 'municipal'],
    ['Lindi', 'Mtama District Council', 'district'],
    ['Kilwa', 'Kilwa District Council', 'district'],
    ['Liwale', 'Liwale District Council', 'district'],
    ['Nachingwea', 'Nachingwea District Council', 'district'],
    ['Ruangwa', 'Ruangwa District Council', 'district'],
  ],
  Ruvuma: [
    ['Songea', 'Songea Municipal Council', 'municipal'],
    ['Songea', 'Songea District Council', 'district'],
    ['Songea', 'Madaba District Council', 'district'],
    ['Mbinga', 'Mbinga District Council', 'district'],
    ['Mbinga', 'Mbinga Town Council', 'town'],
    ['Namtumbo', 'Namtumbo District Council', 'district'],
    ['Nyasa', 'Nyasa District Council', 'district'],
    ['Tunduru', 'Tunduru District Council', 'district'],
  ],
  Pwani: [
    ['Bagamoyo', 'Bagamoyo District Council', 'district'],
    ['Bagamoyo', 'Chalinze District Council', 'district'],
    ['Kibaha', 'Kibaha Town Council', 'town'],
    ['Kibaha', 'Kibaha District Council', 'district'],
    ['Kisarawe', 'Kisarawe District Council', 'district'],
    ['Mkuranga', 'Mkuranga District Council', 'district'],
    ['Rufiji', 'Rufiji District Council', 'district'],
    ['Kibiti', 'Kibiti District Council', 'district'],
    ['Mafia', 'Mafia District Council', 'district'],
  ],
  Tanga: [
    ['Tanga', 'Tanga City Council', 'city'],
    ['Muheza', 'Muheza District Council', 'district'],
    ['Pangani', 'Pangani District Council', 'district'],
    ['Mkinga', 'Mkinga District Council', 'district'],
    ['Korogwe', 'Korogwe District Council', 'district'],
    ['Korogwe', 'Korogwe Town Council', 'town'],
    ['Handeni', 'Handeni District Council', 'district'],
    ['Handeni', 'Handeni Town Council', 'town'],
    ['Kilindi', 'Kilindi District Council', 'district'],
    ['Lushoto', 'Lushoto District Council', 'district'],
    ['Lushoto', 'Bumbuli District Council', 'district'],
  ],
  Morogoro: [
    ['Morogoro', 'Morogoro Municipal Council', 'municipal'],
    ['Morogoro', 'Morogoro District Council', 'district'],
    ['Mvomero', 'Mvomero District Council', 'district'],
    ['Kilosa', 'Kilosa District Council', 'district'],
    ['Gairo', 'Gairo District Council', 'district'],
    ['Kilombero', 'Kilombero District Council', 'district'],
    ['Kilombero', 'Ifakara Town Council', 'town'],
    ['Ulanga', 'Ulanga District Council', 'district'],
    ['Malinyi', 'Malinyi District Council', 'district'],
  ],
  Dodoma: [
    ['Dodoma', 'Dodoma City Council', 'city'],
    ['Bahi', 'Bahi District Council', 'district'],
    ['Chamwino', 'Chamwino District Council', 'district'],
    ['Chemba', 'Chemba District Council', 'district'],
    ['Kondoa', 'Kondoa District Council', 'district'],
    ['Kondoa', 'Kondoa Town Council', 'town'],
    ['Kongwa', 'Kongwa District Council', 'district'],
    ['Mpwapwa', 'Mpwapwa District Council', 'district'],
  ],
  Singida: [
    ['Singida', 'Singida Municipal Council', 'municipal'],
    ['Singida', 'Singida District Council', 'district'],
    ['Iramba', 'Iramba District Council', 'district'],
    ['Ikungi', 'Ikungi District Council', 'district'],
    ['Manyoni', 'Manyoni District Council', 'district'],
    ['Manyoni', 'Itigi District Council', 'district'],
    ['Mkalama', 'Mkalama District Council', 'district'],
  ],
  Manyara: [
    ['Babati', 'Babati Town Council', 'town'],
    ['Babati', 'Babati District Council', 'district'],
    ['Hanang', 'Hanang District Council', 'district'],
    ['Kiteto', 'Kiteto District Council', 'district'],
    ['Mbulu', 'Mbulu District Council', 'district'],
    ['Mbulu', 'Mbulu Town Council', 'town'],
    ['Simanjiro', 'Simanjiro District Council', 'district'],
  ],
};

/** Tanzania's regions with the councils of the crop regions, on an empty table only (a start-up step). */
export async function seedRegionsAndCouncils(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ value: count() }).from(regions);
  // Seeded once, on an empty table: after that the union edits them, and a rename must stick.
  if ((existing?.value ?? 0) > 0) return;
  await tx.insert(regions).values(TANZANIA_REGIONS.map(([name, code]) => ({ name, code })));
  const ids = new Map(
    (await tx.select({ id: regions.id, name: regions.name }).from(regions)).map((r) => [r.name, r.id]),
  );
  for (const [regionName, seeds] of Object.entries(CROP_REGION_COUNCILS)) {
    const regionId = ids.get(regionName);
    if (!regionId) throw new Error(`Unknown region ${regionName}`);
    const districtNames = [...new Set(seeds.map(([district]) => district))];
    const districtRows = await tx
      .insert(districts)
      .values(districtNames.map((name) => ({ regionId, name })))
      .returning({ id: districts.id, name: districts.name });
    const districtIds = new Map(districtRows.map((d) => [d.name, d.id]));
    await tx.insert(councils).values(
      seeds.map(([district, name, kind]) => ({
        districtId: districtIds.get(district) ?? '',
        name,
        kind,
      })),
    );
  }
}
