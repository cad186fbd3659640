import type { MemberSociety } from '@ushirika/contracts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { ForbiddenError } from '../../../platform/errors.ts';

/** OpenAPI tag and the routes' declared access; each register then needs its own right below. */
export const tags = ['members'];
export const access = {
  read: { permission: 'amcos.farmer.read', audience: 'any' },
} as const;

/** The AMCOS whose register `society` names, or null for the union's register. */
export const registerOf = (society: MemberSociety): string | null => (society === 'union' ? null : society);

/**
 * Who may read or change a register: the union's is union business (its payments post to the
 * union's books, so changing it needs the right to post: `accounts.journal.create`); an AMCOS's
 * register is its own society's (union staff may read every one), changed by who registers farmers.
 */
export function assertRegister(actor: Actor, society: MemberSociety, action: 'read' | 'write'): void {
  const amcosId = registerOf(society);
  if (amcosId === null && actor.amcosId) throw new ForbiddenError('The union’s register is for union staff');
  assertSociety(actor, amcosId);
  if (action === 'read') return;
  const right = amcosId === null ? 'accounts.journal.create' : 'amcos.farmer.update';
  if (!actor.permissions.has(right)) throw new ForbiddenError('You may not change this register');
}
