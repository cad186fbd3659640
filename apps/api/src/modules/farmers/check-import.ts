import {
  acresField,
  type FarmerImportPreview,
  geoPoint,
  type ImportRowError,
  isoDate,
  nationalId,
  optionalPhone,
  optionalText,
  requiredText,
} from '@ushirika/contracts';
import { inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { SheetRow } from '../../platform/import-sheet.ts';
import { amcos } from '../amcos/schema.ts';
import { banks } from '../cooperative/schema.ts';
import { crops } from '../seasons/schema.ts';
import { contactColumns } from './duplicates.ts';
import { farmers } from './schema.ts';

const GENDERS: Record<string, 'Male' | 'Female'> = {
  male: 'Male',
  m: 'Male',
  me: 'Male',
  mume: 'Male',
  mwanaume: 'Male',
  female: 'Female',
  f: 'Female',
  ke: 'Female',
  mke: 'Female',
  mwanamke: 'Female',
};

/** One sheet row as the contract sees it; keys are the template's column names. */
const rowSchema = z.object({
  amcos_code: z.string().trim().toUpperCase(),
  first_name: requiredText('Enter the first name', 60),
  middle_name: optionalText(60),
  last_name: requiredText('Enter the last name', 60),
  gender: z
    .string()
    .transform((v) => GENDERS[v.trim().toLowerCase()])
    .pipe(z.enum(['Male', 'Female'], 'Gender must be Male or Female')),
  date_of_birth: z.union([z.literal(''), isoDate]).transform((v) => v || null),
  national_id: nationalId,
  phone: optionalPhone,
  bank_code: z.string().trim().toUpperCase(),
  account_no: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z-]{0,30}$/, 'An account number has letters, digits and dashes only')
    .transform((v) => v || null),
  village: optionalText(60),
  farm_crop: z.string().trim(),
  farm_acres: z.union([z.literal(''), acresField]),
  farm_trees: z
    .string()
    .trim()
    .regex(/^\d{0,7}$/, 'Trees are a whole number')
    .transform((v) => (v ? Number(v) : null)),
  latitude: z.string().trim(),
  longitude: z.string().trim(),
});

export type ImportFarmer = {
  row: number;
  amcosId: string;
  amcosCode: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  gender: 'Male' | 'Female';
  dateOfBirth: string | null;
  nationalId: string | null;
  phone: string | null;
  bankId: string | null;
  accountNo: string | null;
  village: string | null;
  farm: {
    cropId: string | null;
    cropName: string | null;
    acres: string;
    trees: number | null;
    lat: number | null;
    lng: number | null;
  } | null;
};

export type CheckedImport = { rows: number; valid: ImportFarmer[]; errors: ImportRowError[] };

type Lookups = {
  amcos: Map<string, string>;
  banks: Map<string, string>;
  crops: Map<string, { id: string; name: string }>;
};

async function loadLookups(db: DbOrTx, rows: SheetRow[]): Promise<Lookups> {
  const codes = [...new Set(rows.map((r) => (r.cells.amcos_code ?? '').toUpperCase()).filter(Boolean))];
  const [societies, bankRows, cropRows] = await Promise.all([
    codes.length > 0
      ? db.select({ id: amcos.id, code: amcos.code }).from(amcos).where(inArray(amcos.code, codes))
      : [],
    db.select({ id: banks.id, code: banks.shortCode }).from(banks),
    db.select({ id: crops.id, code: crops.code, name: crops.name }).from(crops),
  ]);
  const cropMap = new Map<string, { id: string; name: string }>();
  for (const c of cropRows) {
    cropMap.set(c.code.toLowerCase(), c);
    cropMap.set(c.name.toLowerCase(), c);
  }
  return {
    amcos: new Map(societies.map((s) => [s.code, s.id])),
    banks: new Map(bankRows.map((b) => [b.code, b.id])),
    crops: cropMap,
  };
}

function farmOf(
  cells: z.infer<typeof rowSchema>,
  lookups: Lookups,
  fail: (column: string, message: string) => void,
): ImportFarmer['farm'] {
  const given =
    cells.farm_crop || cells.farm_acres || cells.latitude || cells.longitude || cells.farm_trees !== null;
  if (!given) return null;
  const crop = cells.farm_crop ? lookups.crops.get(cells.farm_crop.toLowerCase()) : undefined;
  if (cells.farm_crop && !crop) fail('farm_crop', `Unknown crop ${cells.farm_crop}`);
  if (!cells.farm_acres) fail('farm_acres', 'Give the farm size in acres');
  let lat: number | null = null;
  let lng: number | null = null;
  if (cells.latitude || cells.longitude) {
    const point = geoPoint.safeParse({ lat: Number(cells.latitude), lng: Number(cells.longitude) });
    if (!cells.latitude || !cells.longitude || !point.success) {
      fail(
        'latitude',
        point.success ? 'Give both latitude and longitude' : (point.error.issues[0]?.message ?? 'Bad point'),
      );
    } else {
      lat = point.data.lat;
      lng = point.data.lng;
    }
  }
  return {
    cropId: crop?.id ?? null,
    cropName: crop?.name ?? null,
    acres: cells.farm_acres || '0',
    trees: cells.farm_trees,
    lat,
    lng,
  };
}

/**
 * Checks every row of a farmers sheet: the fields, the AMCOS (an AMCOS user imports into their own
 * society only), bank and crop codes, and national ID and phone duplicates within the sheet and
 * against the union's farmers. Answers the rows that can be saved and an error per bad cell.
 */
export async function checkFarmerImport(
  db: DbOrTx,
  { rows, callerSociety }: { rows: SheetRow[]; callerSociety: string | null },
): Promise<CheckedImport> {
  const lookups = await loadLookups(db, rows);
  const ownCode = callerSociety
    ? ([...lookups.amcos.entries()].find(([, id]) => id === callerSociety)?.[0] ??
      (await db.select({ code: amcos.code }).from(amcos).where(sql`${amcos.id} = ${callerSociety}`))[0]?.code)
    : undefined;
  const errors: ImportRowError[] = [];
  const candidates: ImportFarmer[] = [];
  const seenId = new Map<string, number>();
  const seenPhone = new Map<string, number>();
  for (const { row, cells } of rows) {
    const before = errors.length;
    const fail = (column: string, message: string) => errors.push({ row, column, message });
    const parsed = rowSchema.safeParse(
      Object.fromEntries(Object.keys(rowSchema.shape).map((k) => [k, cells[k] ?? ''])),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? 'row'), issue.message);
      continue;
    }
    const r = parsed.data;
    let amcosCode = r.amcos_code;
    if (callerSociety) {
      if (amcosCode && amcosCode !== ownCode)
        fail('amcos_code', `You can import farmers of your own society (${ownCode}) only`);
      amcosCode = ownCode ?? '';
    }
    const amcosId =
      lookups.amcos.get(amcosCode) ?? (callerSociety && amcosCode === ownCode ? callerSociety : undefined);
    if (!amcosCode) fail('amcos_code', 'Give the AMCOS code');
    else if (!amcosId) fail('amcos_code', `Unknown AMCOS ${amcosCode}`);
    const bankId = r.bank_code ? lookups.banks.get(r.bank_code) : undefined;
    if (r.bank_code && !bankId) fail('bank_code', `Unknown bank ${r.bank_code}`);
    if (r.national_id) {
      const first = seenId.get(r.national_id);
      if (first) fail('national_id', `Duplicate national ID: also on row ${first}`);
      else seenId.set(r.national_id, row);
    }
    if (r.phone) {
      const first = seenPhone.get(r.phone);
      if (first) fail('phone', `Duplicate phone: also on row ${first}`);
      else seenPhone.set(r.phone, row);
    }
    const farm = farmOf(r, lookups, fail);
    if (errors.length > before || !amcosId) continue;
    candidates.push({
      row,
      amcosId,
      amcosCode,
      firstName: r.first_name,
      middleName: r.middle_name,
      lastName: r.last_name,
      gender: r.gender,
      dateOfBirth: r.date_of_birth,
      nationalId: r.national_id,
      phone: r.phone,
      bankId: bankId ?? null,
      accountNo: r.account_no,
      village: r.village,
      farm,
    });
  }
  const valid = await dropRegistered(db, candidates, errors, callerSociety);
  errors.sort((a, b) => a.row - b.row);
  return { rows: rows.length, valid, errors };
}

/** Rows whose national ID or phone a registered farmer already has. */
async function dropRegistered(
  db: DbOrTx,
  candidates: ImportFarmer[],
  errors: ImportRowError[],
  callerSociety: string | null,
): Promise<ImportFarmer[]> {
  const ids = candidates.flatMap((c) => (c.nationalId ? [c.nationalId] : []));
  const phones = candidates.flatMap((c) => (c.phone ? [c.phone] : []));
  if (ids.length === 0 && phones.length === 0) return candidates;
  const p = sql.param;
  const taken = await db
    .select(contactColumns)
    .from(farmers)
    .where(
      or(
        sql`${farmers.nationalId} = any(${p(ids)}::text[])`,
        sql`${farmers.phone} = any(${p(phones)}::text[])`,
      ),
    );
  if (taken.length === 0) return candidates;
  const byId = new Map(taken.filter((t) => t.nationalId).map((t) => [t.nationalId, t]));
  const byPhone = new Map(taken.filter((t) => t.phone).map((t) => [t.phone, t]));
  const who = (t: { farmerNo: string; amcosId: string }) =>
    !callerSociety || callerSociety === t.amcosId ? `Farmer ${t.farmerNo}` : 'A farmer of another society';
  return candidates.filter((c) => {
    const sameId = c.nationalId ? byId.get(c.nationalId) : undefined;
    const samePhone = c.phone ? byPhone.get(c.phone) : undefined;
    if (sameId)
      errors.push({
        row: c.row,
        column: 'national_id',
        message: `${who(sameId)} already has this national ID`,
      });
    if (samePhone)
      errors.push({
        row: c.row,
        column: 'phone',
        message: `${who(samePhone)} already has this phone number`,
      });
    return !sameId && !samePhone;
  });
}

export function previewOf(checked: CheckedImport): FarmerImportPreview {
  const invalidRows = new Set(checked.errors.map((e) => e.row));
  return {
    rows: checked.rows,
    valid: checked.valid.length,
    invalid: invalidRows.size,
    errors: checked.errors.slice(0, 2000),
    sample: checked.valid.slice(0, 20).map((f) => ({
      row: f.row,
      amcosCode: f.amcosCode,
      name: [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' '),
      gender: f.gender,
      phone: f.phone,
      nationalId: f.nationalId,
      farm: f.farm ? `${f.farm.cropName ?? ''} ${f.farm.acres} ac`.trim() : null,
    })),
  };
}
