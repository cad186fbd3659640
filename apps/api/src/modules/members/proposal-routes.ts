import { idParams } from '@ushirika/contracts';
import type { z } from 'zod';

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
