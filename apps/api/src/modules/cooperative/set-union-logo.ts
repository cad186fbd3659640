import { LOGO_MAX_BYTES, type UnionProfile } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { fieldError } from '../../platform/errors.ts';
import { unionProfile } from './schema.ts';
import { getUnionProfile, sniffImageType, UNION_ENTITY_ID } from './union.ts';

/** Sets the union's logo for its letterhead: PNG, JPEG, GIF or AVIF by content, 2 MB at most. */
export async function setUnionLogo(
  db: Db,
  actor: Actor,
  { bytes }: { bytes: Buffer },
): Promise<UnionProfile> {
  if (bytes.length === 0) throw fieldError('logo', 'You must select a file.');
  if (bytes.length > LOGO_MAX_BYTES) throw fieldError('logo', 'The logo must be at most 2 MB');
  const type = sniffImageType(bytes);
  if (!type) throw fieldError('logo', 'This image type is not allowed. Use PNG, JPEG, GIF or AVIF.');
  return db.transaction(async (tx) => {
    await tx.update(unionProfile).set({ logo: bytes, logoType: type }).where(eq(unionProfile.id, 1));
    const after = await getUnionProfile(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'logo_changed',
      entity: 'union',
      entityId: UNION_ENTITY_ID,
      after: { logoType: type, bytes: bytes.length },
    });
    return after;
  });
}
