import {
  type CreateDeductionRuleBody,
  createAmcosBody,
  createDeductionRuleBody,
  updateAmcosBody,
} from '@ushirika/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createAmcos } from '../modules/amcos/create-amcos.ts';
import { amcos } from '../modules/amcos/schema.ts';
import { updateAmcos } from '../modules/amcos/update-amcos.ts';
import { createBoq } from '../modules/boqs/create-boq.ts';
import { boqs } from '../modules/boqs/schema.ts';
import { bankResource } from '../modules/cooperative/banks.ts';
import { banks, councils, unionProfile } from '../modules/cooperative/schema.ts';
import { updateUnionProfile } from '../modules/cooperative/update-union-profile.ts';
import { beneficiaryResource } from '../modules/deductions/beneficiaries.ts';
import { createDeductionRule } from '../modules/deductions/create-deduction-rule.ts';
import { beneficiaries, deductionRules } from '../modules/deductions/schema.ts';
import { crops, seasonCrops, seasons } from '../modules/seasons/schema.ts';
import { seasonCropResource, seasonResource } from '../modules/seasons/seasons.ts';
import { transporters } from '../modules/transporters/schema.ts';
import { transporterResource } from '../modules/transporters/transporters.ts';
import { warehouses } from '../modules/warehouses/schema.ts';
import { warehouseResource } from '../modules/warehouses/warehouses.ts';
import { createRecord } from '../platform/catalog.ts';
import { type DemoSociety, giveDemoPins, loadDemoFarmers } from './demo-farmers.ts';
import { DEMO_SOCIETIES, seedActor } from './demo-union.ts';

export const DEMO_UNION_NAME = 'Kusini Cashew and Sesame Cooperative Union';
export const DEMO_FARMERS = 2000;

const COUNCILS = {
  mkuranga: 'Mkuranga District Council',
  nanyumbu: 'Nanyumbu District Council',
  tandahimba: 'Tandahimba District Council',
} as const;
type CouncilKey = keyof typeof COUNCILS;

/** 12 societies, 4 in each of 3 councils; the first three are the demo union's (demo-union.ts). */
const SOCIETIES: {
  code: string;
  name: string;
  council: CouncilKey;
  village: string;
  lat: number;
  lng: number;
}[] = [
  {
    code: 'MKW01',
    name: 'Mkuranga AMCOS',
    council: 'mkuranga',
    village: 'Mkuranga',
    lat: -7.121,
    lng: 39.196,
  },
  {
    code: 'NAN02',
    name: 'Nanyumbu AMCOS',
    council: 'nanyumbu',
    village: 'Nanyumbu',
    lat: -11.04,
    lng: 38.44,
  },
  {
    code: 'TAN03',
    name: 'Tandahimba AMCOS',
    council: 'tandahimba',
    village: 'Tandahimba',
    lat: -10.75,
    lng: 39.63,
  },
  {
    code: 'KSM04',
    name: 'Kisemvule AMCOS',
    council: 'mkuranga',
    village: 'Kisemvule',
    lat: -7.02,
    lng: 39.1,
  },
  { code: 'VIK05', name: 'Vikindu AMCOS', council: 'mkuranga', village: 'Vikindu', lat: -6.98, lng: 39.27 },
  {
    code: 'SHU06',
    name: 'Shungubweni AMCOS',
    council: 'mkuranga',
    village: 'Shungubweni',
    lat: -7.33,
    lng: 39.32,
  },
  { code: 'MAN07', name: 'Mangaka AMCOS', council: 'nanyumbu', village: 'Mangaka', lat: -10.96, lng: 38.77 },
  { code: 'NAP08', name: 'Napacho AMCOS', council: 'nanyumbu', village: 'Napacho', lat: -11.12, lng: 38.6 },
  { code: 'LUM09', name: 'Lumesule AMCOS', council: 'nanyumbu', village: 'Lumesule', lat: -11.3, lng: 38.3 },
  {
    code: 'MIH10',
    name: 'Mihambwe AMCOS',
    council: 'tandahimba',
    village: 'Mihambwe',
    lat: -10.6,
    lng: 39.55,
  },
  {
    code: 'NAM11',
    name: 'Namikupa AMCOS',
    council: 'tandahimba',
    village: 'Namikupa',
    lat: -10.82,
    lng: 39.82,
  },
  { code: 'LIT12', name: 'Litehu AMCOS', council: 'tandahimba', village: 'Litehu', lat: -10.7, lng: 39.4 },
];

/** The id a lookup finds, or the id of what `create` makes: every step runs once, however often the seed does. */
async function ensure(
  find: () => Promise<{ id: string }[]>,
  create: () => Promise<{ id: string }>,
): Promise<string> {
  const [found] = await find();
  return found ? found.id : (await create()).id;
}

export type DemoMasterData = {
  societies: number;
  farmersCreated: number;
  farmersKept: number;
  rules: number;
};

export async function loadDemoMasterData(db: Db, actorId: string): Promise<DemoMasterData> {
  const [profile] = await db.select({ name: unionProfile.name }).from(unionProfile);
  if (profile?.name === 'Cooperative Union') {
    await updateUnionProfile(db, seedActor(actorId), {
      name: DEMO_UNION_NAME,
      registrationNo: 'MTR/CU/2026/001',
      tin: '123456789',
      address: 'P.O. Box 120, Mtwara',
      region: 'Mtwara',
      phone: '255754100000',
      email: 'info@kusini-union.test',
    });
  }

  const bankIds: Record<string, string> = {};
  for (const [shortCode, name, swift] of [
    ['CRDB', 'CRDB Bank', 'CORUTZTZ'],
    ['NMB', 'NMB Bank', 'NMIBTZTZ'],
    ['NBC', 'NBC Bank', 'NLCBTZTX'],
    ['TCB', 'Tanzania Commercial Bank', null],
  ] as const) {
    bankIds[shortCode] = await ensure(
      () => db.select({ id: banks.id }).from(banks).where(eq(banks.shortCode, shortCode)),
      () =>
        createRecord(db, seedActor(actorId), { resource: bankResource, body: { name, shortCode, swift } }),
    );
  }

  const councilIds: Record<string, string> = {};
  for (const [key, name] of Object.entries(COUNCILS)) {
    const [row] = await db.select({ id: councils.id }).from(councils).where(eq(councils.name, name));
    if (!row) throw new Error(`The council ${name} is missing: the database was not bootstrapped`);
    councilIds[key] = row.id;
  }

  const societies: DemoSociety[] = [];
  for (const [i, s] of SOCIETIES.entries()) {
    const bankId = i % 2 === 0 ? bankIds.CRDB : bankIds.NMB;
    const details = {
      councilId: councilIds[s.council],
      ward: s.village,
      village: s.village,
      bankId,
      accountNo: `01520${String(i + 1).padStart(5, '0')}`,
      location: { lat: s.lat, lng: s.lng },
      registrationNo: `MTR/AMCOS/${String(100 + i)}`,
      manager: DEMO_SOCIETIES.find((d) => d.code === s.code)?.manager.firstName ?? null,
    };
    const id = await ensure(
      () => db.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, s.code)),
      () =>
        createAmcos(
          db,
          seedActor(actorId),
          createAmcosBody.parse({ code: s.code, name: s.name, ...details }),
        ),
    );
    // The first demo societies were made before they had a council: fill in what is missing only.
    const [bare] = await db
      .select({ id: amcos.id })
      .from(amcos)
      .where(and(eq(amcos.id, id), isNull(amcos.councilId)));
    if (bare) await updateAmcos(db, seedActor(actorId), { ...updateAmcosBody.parse(details), id });
    societies.push({ id, code: s.code, village: s.village, lat: s.lat, lng: s.lng, bankId: bankId ?? null });
  }

  const farmers = await loadDemoFarmers(db, { societies, total: DEMO_FARMERS, actorId });
  await giveDemoPins(db);
  const rules = await loadDemoSeason(db, actorId, councilIds, bankIds);
  return {
    societies: societies.length,
    farmersCreated: farmers.created,
    farmersKept: farmers.skipped,
    rules,
  };
}

type Rule = CreateDeductionRuleBody;

/**
 * A crop's deduction rules in the demo: the district cess, the crop board's levy on the buyer, the
 * union's and the AMCOS's levies, transport and storage at the crop's rates, then any of its own.
 */
const seasonRules =
  (ids: { cess: string; union: string; storage: string }) =>
  (
    board: { name: string; beneficiaryId: string; rate: string },
    rates: { union: string; amcos: string; transport: string; storage: string },
    more: Rule[] = [],
  ): Rule[] => [
    {
      order: 1,
      name: 'District council cess',
      recipient: 'beneficiary',
      beneficiaryId: ids.cess,
      payer: 'farmer',
      basis: 'percent_of_gross',
      rate: '3',
    },
    { order: 2, ...board, recipient: 'beneficiary', payer: 'buyer', basis: 'percent_of_gross' },
    {
      order: 3,
      name: 'Union levy',
      recipient: 'beneficiary',
      beneficiaryId: ids.union,
      payer: 'farmer',
      basis: 'per_kg',
      rate: rates.union,
    },
    { order: 4, name: 'AMCOS levy', recipient: 'amcos', payer: 'farmer', basis: 'per_kg', rate: rates.amcos },
    {
      order: 5,
      name: 'Transport to warehouse',
      recipient: 'transporter',
      payer: 'farmer',
      basis: 'per_kg',
      rate: rates.transport,
    },
    {
      order: 6,
      name: 'Warehouse storage and handling',
      recipient: 'beneficiary',
      beneficiaryId: ids.storage,
      payer: 'buyer',
      basis: 'per_kg',
      rate: rates.storage,
    },
    ...more,
  ];

async function loadDemoSeason(
  db: Db,
  actorId: string,
  councilIds: Record<string, string>,
  bankIds: Record<string, string>,
): Promise<number> {
  const seasonId = await ensure(
    () => db.select({ id: seasons.id }).from(seasons).where(eq(seasons.name, '2026/2027')),
    () =>
      createRecord(db, seedActor(actorId), {
        resource: seasonResource,
        body: { name: '2026/2027', startDate: '2026-10-01', endDate: '2027-09-30' },
      }),
  );
  const [open] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.status, 'open'));
  if (!open) await db.update(seasons).set({ status: 'open' }).where(eq(seasons.id, seasonId));

  const cropIds = new Map(
    (await db.select({ id: crops.id, code: crops.code }).from(crops)).map((c) => [c.code, c.id]),
  );
  const seasonCrop = async (
    code: string,
    indicativePrice: string,
    standardBagKg: string,
    maxMoisture: string,
  ) => {
    const cropId = cropIds.get(code) ?? '';
    return ensure(
      () =>
        db
          .select({ id: seasonCrops.id })
          .from(seasonCrops)
          .where(and(eq(seasonCrops.seasonId, seasonId), eq(seasonCrops.cropId, cropId))),
      () =>
        createRecord(db, seedActor(actorId), {
          resource: seasonCropResource,
          body: { seasonId, cropId, indicativePrice, standardBagKg, maxMoisture },
        }),
    );
  };
  const cashew = await seasonCrop('CASHEW', '2600.00', '80.000', '10.00');
  const sesame = await seasonCrop('SESAME', '3200.00', '100.000', '8.00');

  type Beneficiary = Parameters<typeof beneficiaryResource.insert>[1];
  /** A beneficiary paid into an account of a bank; of a council where it is one. */
  const beneficiary = (
    name: string,
    kind: Beneficiary['kind'],
    [bank, accountNo]: [string, string],
    councilId: string | null = null,
  ) =>
    ensure(
      () => db.select({ id: beneficiaries.id }).from(beneficiaries).where(eq(beneficiaries.name, name)),
      () =>
        createRecord(db, seedActor(actorId), {
          resource: beneficiaryResource,
          body: { name, kind, councilId, bankId: bankIds[bank] ?? null, accountNo },
        }),
    );
  const cess = await beneficiary(
    'Tandahimba District Council',
    'council',
    ['NMB', '20410000111'],
    councilIds.tandahimba ?? null,
  );
  const board = await beneficiary('Cashewnut Board of Tanzania', 'crop_board', ['CRDB', '01J1020000222']);
  const copra = await beneficiary('COPRA (cereals and other produce)', 'regulator', ['NMB', '20410000333']);
  const union = await beneficiary(DEMO_UNION_NAME, 'union', ['CRDB', '01J1020000444']);
  const wrrb = await beneficiary('Warehouse Receipt Regulatory Board', 'regulator', ['NBC', '0110000555']);
  const storage = await beneficiary('Mtwara Cooperative Warehouses (storage)', 'other', [
    'CRDB',
    '01J1020000666',
  ]);

  const cropRules = seasonRules({ cess, union, storage });
  const cashewRules = cropRules(
    { name: 'Cashewnut Board levy', beneficiaryId: board, rate: '1.5' },
    { union: '25', amcos: '30', transport: '40', storage: '38' },
    [
      {
        order: 7,
        name: 'WRRB levy',
        recipient: 'beneficiary',
        beneficiaryId: wrrb,
        payer: 'buyer',
        basis: 'percent_of_gross',
        rate: '0.3',
      },
    ],
  );
  const sesameRules = cropRules(
    { name: 'COPRA levy', beneficiaryId: copra, rate: '0.5' },
    { union: '20', amcos: '20', transport: '30', storage: '15' },
  );
  let rules = 0;
  for (const [seasonCropId, list] of [
    [cashew, cashewRules],
    [sesame, sesameRules],
  ] as const) {
    const [any] = await db
      .select({ id: deductionRules.id })
      .from(deductionRules)
      .where(eq(deductionRules.seasonCropId, seasonCropId))
      .limit(1);
    if (any) continue;
    for (const body of list) {
      await createDeductionRule(db, seedActor(actorId), {
        ...createDeductionRuleBody.parse(body),
        seasonCropId,
      });
      rules += 1;
    }
  }

  for (const [name, tin, phone, rateBasis, rate, plates] of [
    ['Mtwara Haulage Ltd', '100200300', '255713000111', 'per_kg', '40.00', ['T 123 ABC', 'T 456 DEF']],
    ['Kusini Transporters', '100200301', '255713000222', 'per_trip', '450000.00', ['T 789 GHI']],
  ] as const) {
    await ensure(
      () => db.select({ id: transporters.id }).from(transporters).where(eq(transporters.name, name)),
      () =>
        createRecord(db, seedActor(actorId), {
          resource: transporterResource,
          body: {
            name,
            tin,
            phone,
            rateBasis,
            rate,
            vehicles: plates.map((plateNo) => ({ plateNo, description: 'Truck', capacityKg: '30000' })),
          },
        }),
    );
  }
  for (const [name, operator, licenceNo, location, council, capacityKg] of [
    [
      'Mtwara Port Warehouse',
      'Mtwara Cooperative Warehouses Ltd',
      'WRRB/CW/001',
      'Mtwara port road',
      'tandahimba',
      '12000000',
    ],
    ['Mkuranga Warehouse', 'Pwani Produce Stores Ltd', 'WRRB/CW/014', 'Mkuranga town', 'mkuranga', '3000000'],
  ] as const) {
    await ensure(
      () => db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.name, name)),
      () =>
        createRecord(db, seedActor(actorId), {
          resource: warehouseResource,
          body: { name, operator, licenceNo, location, councilId: councilIds[council] ?? null, capacityKg },
        }),
    );
  }
  await ensure(
    () => db.select({ id: boqs.id }).from(boqs).where(eq(boqs.name, 'Cashew inputs 2026/2027')),
    () =>
      createBoq(db, seedActor(actorId), {
        name: 'Cashew inputs 2026/2027',
        seasonCropId: cashew,
        notes: 'Standard package per acre of mature trees',
        items: [
          { item: 'Sulphur dust', unit: 'kg', quantityPerAcre: '25', unitPrice: '1650' },
          { item: 'Fungicide (hexaconazole)', unit: 'litre', quantityPerAcre: '0.5', unitPrice: '18500' },
          {
            item: 'Insecticide (lambda-cyhalothrin)',
            unit: 'litre',
            quantityPerAcre: '0.25',
            unitPrice: '16000',
          },
        ],
      }),
  );
  return rules;
}
