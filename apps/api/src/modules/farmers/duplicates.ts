import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError } from '../../platform/errors.ts';
import { farmers } from './schema.ts';

/** What a duplicate check reads of a farmer holding a national ID or phone number. */
export const contactColumns = {
  farmerNo: farmers.farmerNo,
  amcosId: farmers.amcosId,
  nationalId: farmers.nationalId,
  phone: farmers.phone,
};

export const farmerConstraints = {
  farmers_national_id_unique: { field: 'nationalId', message: 'Another farmer already has this national ID' },
  farmers_phone_unique: { field: 'phone', message: 'Another farmer already has this phone number' },
  farmers_amcos_id_amcos_id_fk: { field: 'amcosId', message: 'The chosen AMCOS does not exist' },
  farmers_bank_id_banks_id_fk: { field: 'bankId', message: 'The chosen bank does not exist' },
  farms_crop_id_crops_id_fk: { field: 'cropId', message: 'The chosen crop does not exist' },
};

/**
 * A national ID or phone number belongs to one farmer in the whole union. The refusal names the
 * farmer who has it when the caller may see them; an AMCOS user learns only that another society has.
 */
export async function assertNoDuplicate(
  db: DbOrTx,
  values: { nationalId: string | null | undefined; phone: string | null | undefined },
  options: { exceptId?: string; callerSociety: string | null },
): Promise<void> {
  const conditions: SQL[] = [];
  if (values.nationalId) conditions.push(eq(farmers.nationalId, values.nationalId));
  if (values.phone) conditions.push(eq(farmers.phone, values.phone));
  if (conditions.length === 0) return;
  const [other] = await db
    .select(contactColumns)
    .from(farmers)
    .where(and(or(...conditions), options.exceptId ? ne(farmers.id, options.exceptId) : undefined))
    .limit(1);
  if (!other) return;
  const field = values.nationalId && other.nationalId === values.nationalId ? 'nationalId' : 'phone';
  const what = field === 'nationalId' ? 'national ID' : 'phone number';
  const visible = !options.callerSociety || options.callerSociety === other.amcosId;
  const message = visible
    ? `Farmer ${other.farmerNo} already has this ${what}`
    : `A farmer of another society already has this ${what}`;
  throw new ConflictError(message, { [field]: [message] });
}
