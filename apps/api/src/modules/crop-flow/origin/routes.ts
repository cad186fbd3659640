import { detailReply, geolocationFileQuery, idParams, origin } from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { type Access, actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { geolocationCsv, geolocationFile } from './geolocation-file.ts';
import { lotsOfSource, type OriginSource, readOrigin } from './queries.ts';

const tags = ['origin'];

/**
 * Where the crop came from (#33), for a lot (its society's users and the union) and for a sales
 * invoice or release note (union staff, like every billing route): the origin, and its
 * geolocation file as GeoJSON and as CSV.
 */
const SOURCES: { kind: OriginSource['kind']; base: string; access: Access }[] = [
  {
    kind: 'lot',
    base: '/collections/lots',
    access: { permission: 'collections.delivery.read', audience: 'any' },
  },
  {
    kind: 'invoice',
    base: '/sales/invoices',
    access: { permission: 'sales.invoice.read', audience: 'union' },
  },
  {
    kind: 'release_note',
    base: '/sales/release-notes',
    access: { permission: 'sales.invoice.read', audience: 'union' },
  },
];

const attachment = (reply: FastifyReply, name: string, type: string) =>
  reply.header('content-disposition', `attachment; filename="${name}"`).type(type);

export function originRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  for (const source of SOURCES) {
    const load = async (req: { params: { id: string } } & Parameters<typeof actorOf>[0]) => {
      const actor = actorOf(req);
      const { lotIds, name } = await lotsOfSource(db, { kind: source.kind, id: req.params.id }, actor);
      return { name, origin: await readOrigin(db, lotIds, societyOf(actor)) };
    };
    app.get(
      `${source.base}/:id/origin`,
      {
        config: { access: source.access },
        schema: { tags, params: idParams, response: { 200: detailReply(origin) } },
      },
      async (req) => ({ data: (await load(req)).origin }),
    );
    app.get(
      `${source.base}/:id/origin/geojson`,
      {
        config: { access: source.access },
        schema: { tags, params: idParams, querystring: geolocationFileQuery },
      },
      async (req, reply) => {
        const { name, origin: found } = await load(req);
        const text = geolocationFile(found.farms, { draft: req.query.draft });
        const file = `GEOLOCATION_${name}${req.query.draft ? '_DRAFT' : ''}.geojson`;
        return attachment(reply, file, 'application/geo+json; charset=utf-8').send(text);
      },
    );
    app.get(
      `${source.base}/:id/origin/csv`,
      { config: { access: source.access }, schema: { tags, params: idParams } },
      async (req, reply) => {
        const { name, origin: found } = await load(req);
        return attachment(reply, `GEOLOCATION_${name}.csv`, 'text/csv; charset=utf-8').send(
          geolocationCsv(found.farms),
        );
      },
    );
  }
}
