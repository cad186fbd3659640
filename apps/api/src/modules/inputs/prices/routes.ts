import {
  inputPrice,
  inputPriceList,
  inputPriceListQuery,
  savedReply,
  saveInputPriceBody,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { access, tags } from '../access.ts';
import { listInputPrices } from './queries.ts';
import { saveInputPrice } from './save-input-price.ts';

/** Season input prices and credit limits: the union sets them, everyone recording inputs reads them. */
export function inputPricesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/settings/collection/input-prices',
    {
      config: { access: access.read },
      schema: { tags, querystring: inputPriceListQuery, response: { 200: inputPriceList } },
    },
    async (req) => ({ data: await listInputPrices(deps.db, req.query.season_id) }),
  );
  app.post(
    '/settings/collection/input-prices',
    {
      config: { access: access.setPrices },
      schema: { tags, body: saveInputPriceBody, response: { 200: savedReply(inputPrice) } },
    },
    async (req) => ({
      message: 'Input price saved successfully',
      data: await saveInputPrice(deps.db, actorOf(req), req.body),
    }),
  );
}
