import { unionReply, unionSavedReply, updateUnionBody } from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import { registerCatalog } from '../../platform/catalog.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError } from '../../platform/errors.ts';
import { bankResource } from './banks.ts';
import { councilResource, districtResource, regionResource } from './regions.ts';
import { setUnionLogo } from './set-union-logo.ts';
import { getUnionLogo, getUnionProfile } from './union.ts';
import { updateUnionProfile } from './update-union-profile.ts';

const tags = ['cooperative'];

export function cooperativeRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/cooperative/union',
    {
      config: { access: { permission: 'cooperative.reference.read', audience: 'any' } },
      schema: { tags, response: { 200: unionReply } },
    },
    async () => ({ data: await getUnionProfile(deps.db) }),
  );
  app.put(
    '/cooperative/union',
    {
      config: { access: { permission: 'cooperative.union.update', audience: 'union' } },
      schema: { tags, body: updateUnionBody, response: { 200: unionSavedReply } },
    },
    async (req) => ({
      message: 'Union profile updated successfully',
      data: await updateUnionProfile(deps.db, actorOf(req), req.body),
    }),
  );
  /** Multipart upload, the file in a field named `logo` (or `image`, as SPEC's editor sends). */
  app.post(
    '/cooperative/union/logo',
    {
      config: { access: { permission: 'cooperative.union.update', audience: 'union' } },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: unionSavedReply } },
    },
    async (req) => {
      if (!req.isMultipart()) throw fieldError('logo', 'Send the logo as multipart/form-data');
      const file = await req.file();
      if (!file) throw fieldError('logo', 'You must select a file.');
      const bytes = await file.toBuffer();
      return {
        message: 'Logo updated successfully',
        data: await setUnionLogo(deps.db, actorOf(req), { bytes }),
      };
    },
  );
  app.get(
    '/cooperative/union/logo',
    { config: { access: 'public' }, schema: { tags, hide: true } },
    async (_req, reply) => {
      const logo = await getUnionLogo(deps.db);
      return reply.type(logo.type).header('cache-control', 'public, max-age=300').send(logo.bytes);
    },
  );
  registerCatalog(app, deps, bankResource);
  registerCatalog(app, deps, regionResource);
  registerCatalog(app, deps, districtResource);
  registerCatalog(app, deps, councilResource);
}
