import { auditPackQuery } from '@ushirika/contracts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { currentLanguage } from '../../../platform/labels.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { auditPack } from './audit-pack.ts';

/** GET /api/reports/audit-pack?financial_year_id=…: one zip for the auditors, in the reader's language. */
export function auditPackRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/reports/audit-pack',
    {
      config: { access: { permission: 'accounts.ledger.read', audience: 'union' }, reportRead: true },
      schema: { tags: ['reports'], querystring: auditPackQuery },
    },
    async (req, reply) => {
      const pack = await auditPack(deps.reportDb, {
        financialYearId: req.query.financial_year_id,
        threshold: req.query.threshold,
        lang: currentLanguage(),
        letterhead: await unionLetterhead(deps.reportDb),
      });
      reply.header('content-disposition', `attachment; filename="${pack.name}.zip"`);
      return reply.type('application/zip').send(pack.body);
    },
  );
}
