import {
  saveStatementMappingBody,
  statementMappingReply,
  statementMappingSavedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { saveStatementMapping } from './save-statement-mapping.ts';
import { getStatementMapping } from './statement-mapping.ts';

const tags = ['accounts'];

/** The statement lines and the chart's mapping to them: read with the ledger, changed by the accountant. */
export function statementMappingRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/statement-lines',
    {
      config: { access: { permission: 'accounts.ledger.read', audience: 'union' } },
      schema: { tags, response: { 200: statementMappingReply } },
    },
    async () => ({ data: await getStatementMapping(deps.db) }),
  );
  app.put(
    '/accounts/statement-lines',
    {
      config: { access: { permission: 'accounts.ledger.update', audience: 'union' } },
      schema: { tags, body: saveStatementMappingBody, response: { 200: statementMappingSavedReply } },
    },
    async (req) => ({
      message: 'Statement lines saved successfully',
      data: await saveStatementMapping(deps.db, actorOf(req), req.body),
    }),
  );
}
