import { proposalAccess } from '../proposal-routes.ts';

/** A second payment to farmers (#32): a proposal's access. */
export const tags = ['members'];
export const access = proposalAccess;
