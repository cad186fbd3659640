import { idParams } from '@ushirika/contracts';
import type { z } from 'zod';

/**
 * A year-end payment proposal (appropriation, second payment) is union business (#32): read by who
 * reads the ledgers, proposed by who may post, approved or rejected by who approves postings
 * (another person than the proposer). An AMCOS user reads their own society's lines (scoped in the
 * query).
 */
export const proposalAccess = {
  read: { permission: 'accounts.ledger.read', audience: 'union' },
  own: { permission: 'amcos.farmer.read', audience: 'any' },
  propose: { permission: 'accounts.journal.create', audience: 'union' },
  approve: { permission: 'accounts.journal.approve', audience: 'union' },
} as const;

/** A route on one proposal (appropriation, second payment) without a body: its id, and the reply. */
export const proposalSchema = <Reply extends z.ZodType>(tags: string[], reply: Reply) => ({
  tags,
  params: idParams,
  response: { 200: reply },
});

/** A decision on one proposal that carries a body (the approval's figures, the rejection's reason). */
export const decisionSchema = <Body extends z.ZodType, Reply extends z.ZodType>(
  tags: string[],
  body: Body,
  reply: Reply,
) => ({ tags, params: idParams, body, response: { 200: reply } });
