import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { members } from './schema.ts';

type Owner = (db: DbOrTx, id: string) => Promise<string | null | 'union' | undefined>;

/** Whose history a member is (#32): the union's register is union business; an AMCOS's, its own. */
export const memberAuditOwners: Record<string, Owner> = {
  member: async (db, id) => {
    const [row] = await db.select({ amcosId: members.amcosId }).from(members).where(eq(members.id, id));
    if (!row) return undefined;
    return row.amcosId ?? 'union';
  },
  member_settings: async (_db, id) => (id === 'union' ? 'union' : id),
  // The appropriation of the union's surplus (#32) is union business.
  appropriation: async () => 'union',
  // A second payment to farmers (#32) is union business.
  second_payment: async () => 'union',
};
