import type { LOGO_TYPES, UnionProfile } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  type DocumentInput,
  documentPdf,
  type Letterhead,
  statementDocument,
} from '../../platform/document-pdf.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { unionProfile } from './schema.ts';

/** The audit trail's id for the one union profile row. */
export const UNION_ENTITY_ID = '00000000-0000-7000-8000-000000000001';

const columns = {
  name: unionProfile.name,
  registrationNo: unionProfile.registrationNo,
  tin: unionProfile.tin,
  address: unionProfile.address,
  region: unionProfile.region,
  phone: unionProfile.phone,
  email: unionProfile.email,
  logoType: unionProfile.logoType,
  updatedAt: unionProfile.updatedAt,
};

/** Created at bootstrap; renamed by the union on its profile screen. */
export async function ensureUnionProfile(db: DbOrTx): Promise<void> {
  await db.insert(unionProfile).values({ id: 1, name: 'Cooperative Union' }).onConflictDoNothing();
}

/** The union's heading on every PDF: name, address, contacts and logo (empty before setup). */
export async function unionLetterhead(db: DbOrTx): Promise<Letterhead> {
  const [row] = await db
    .select({
      name: unionProfile.name,
      address: unionProfile.address,
      region: unionProfile.region,
      tin: unionProfile.tin,
      phone: unionProfile.phone,
      email: unionProfile.email,
      logo: unionProfile.logo,
      logoType: unionProfile.logoType,
    })
    .from(unionProfile)
    .where(eq(unionProfile.id, 1));
  if (!row) return { name: '', address: null, region: null, tin: null, phone: null, email: null };
  const { logo, logoType, ...text } = row;
  return { ...text, logo: logo && logoType ? { bytes: logo, type: logoType } : null };
}

/** A portrait A4 document (invoice, order, note, statement) under the union's full letterhead. */
export async function unionDocumentPdf(db: DbOrTx, doc: DocumentInput): Promise<Buffer> {
  return documentPdf(await unionLetterhead(db), doc);
}

/** A party's statement (buyer, supplier) under the union's letterhead. */
export function unionStatementPdf(db: DbOrTx, s: Parameters<typeof statementDocument>[0]): Promise<Buffer> {
  return unionDocumentPdf(db, statementDocument(s));
}

export async function getUnionProfile(db: DbOrTx): Promise<UnionProfile> {
  const [row] = await db.select(columns).from(unionProfile).where(eq(unionProfile.id, 1));
  if (!row) throw new NotFoundError('The union profile has not been set up');
  const { logoType, updatedAt, ...rest } = row;
  return {
    ...rest,
    logo: logoType ? `/api/cooperative/union/logo?v=${updatedAt.getTime()}` : null,
    updatedAt: updatedAt.toISOString(),
  };
}

/** PNG, JPEG, GIF or AVIF, as told by the file's first bytes, not by its name. */
export function sniffImageType(bytes: Buffer): (typeof LOGO_TYPES)[number] | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (bytes.subarray(4, 12).toString('latin1') === 'ftypavif') return 'image/avif';
  return null;
}

export async function getUnionLogo(db: DbOrTx): Promise<{ bytes: Buffer; type: string }> {
  const [row] = await db
    .select({ logo: unionProfile.logo, type: unionProfile.logoType })
    .from(unionProfile)
    .where(eq(unionProfile.id, 1));
  if (!row?.logo || !row.type) throw new NotFoundError('The union has no logo yet');
  return { bytes: row.logo, type: row.type };
}
