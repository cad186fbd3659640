import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/**
 * The union's members' share capital (#32): the share capital account (Operation 3101) equals the
 * shares its members (the AMCOS) have paid by its register, those paid before going live included
 * (the opening trial balance carries them).
 */
export const memberShares: ControlCheckDefinition = {
  key: 'member_shares',
  name: 'Members’ share capital',
  book: 'operation',
  control: ['share_capital'],
  side: 'credit',
  subledger: 'Shares paid by the union’s members (member register)',
  subledgerSql: sql`select sum(m.shares_paid) from members m where m.amcos_id is null`,
};
