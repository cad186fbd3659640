import { proposalAccess } from '../proposal-routes.ts';

/** The appropriation of the surplus (#32): a proposal's access, and the AGM pack's. */
export const tags = ['members'];
export const access = {
  ...proposalAccess,
  /** The AGM pack (register, statements, appropriation, budget): union staff who read the registers. */
  agmPack: { permission: 'amcos.farmer.read', audience: 'union' },
} as const;
