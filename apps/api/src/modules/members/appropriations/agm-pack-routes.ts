import { agmPackQuery } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { currentLanguage } from '../../../platform/labels.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { access, tags } from './access.ts';
import { agmPack } from './agm-pack.ts';

/**
 * GET /api/members/agm-pack?financial_year_id=…: a closed year's AGM pack (#32), one PDF in the
 * reader's language. Union business: union staff who read the registers.
 */
export function agmPackRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/members/agm-pack',
    {
      config: { access: access.agmPack },
      schema: { tags, querystring: agmPackQuery },
    },
    async (req, reply) => {
      const pack = await agmPack(deps.db, actorOf(req), {
        financialYearId: req.query.financial_year_id,
        lang: currentLanguage(),
        printedOn: todayInTanzania(),
        letterhead: await unionLetterhead(deps.db),
      });
      reply.header('content-disposition', `attachment; filename="${pack.name}.pdf"`);
      return reply.type('application/pdf').send(pack.body);
    },
  );
}
