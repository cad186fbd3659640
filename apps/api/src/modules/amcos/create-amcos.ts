import type { AmcosDetail, createAmcosBody } from '@ushirika/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { explainConstraints } from '../../platform/constraints.ts';
import { getAmcos } from './queries.ts';
import { amcos } from './schema.ts';

export const amcosConstraints = {
  amcos_code_unique: { field: 'code', message: 'An AMCOS with this code already exists' },
  amcos_council_id_councils_id_fk: { field: 'councilId', message: 'The chosen council does not exist' },
  amcos_bank_id_banks_id_fk: { field: 'bankId', message: 'The chosen bank does not exist' },
};

/** Registers a society. Its code is fixed from now on: farmer numbers are built from it. */
export async function createAmcos(
  db: Db,
  actor: Actor,
  { location, ...fields }: z.output<typeof createAmcosBody>,
): Promise<AmcosDetail> {
  return explainConstraints(amcosConstraints, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(amcos)
        .values({
          ...fields,
          latitude: location ? String(location.lat) : null,
          longitude: location ? String(location.lng) : null,
        })
        .returning({ id: amcos.id });
      if (!row) throw new Error('AMCOS insert returned nothing');
      const created = await getAmcos(tx, row.id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: 'amcos',
        entityId: row.id,
        after: created,
      });
      return created;
    }),
  );
}
