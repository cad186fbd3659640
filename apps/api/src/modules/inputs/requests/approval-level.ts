import type { Actor } from '../../../platform/access.ts';

/** The approval level of the caller: an AMCOS user approves first, union staff second. */
export const levelOf = (actor: Actor) =>
  actor.amcosId
    ? ({ from: 'pending', to: 'amcos_approved', by: 'amcos_approved_by', at: 'amcos_approved_at' } as const)
    : ({ from: 'amcos_approved', to: 'approved', by: 'union_approved_by', at: 'union_approved_at' } as const);
