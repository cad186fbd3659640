import type { Db } from '../../db/client.ts';
import type { SystemActor } from '../../platform/access.ts';
import { seedDefaultCrops } from '../seasons/default-crops.ts';
import { seedRegionsAndCouncils } from './reference-data.ts';
import { ensureUnionProfile } from './union.ts';

/**
 * Runs at every start (bootstrap) and when the test template is built: the union profile row,
 * Tanzania's regions with the councils of the cashew and sesame regions, and the default crops.
 * Each part is written only when missing, so the union's own edits are kept.
 */
export async function seedMasterData(db: Db, _actor: SystemActor): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureUnionProfile(tx);
    await seedRegionsAndCouncils(tx);
    await seedDefaultCrops(tx);
  });
}
