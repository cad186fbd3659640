import { detailReply, idParams } from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { type Access, actorOf, assertSociety } from './access.ts';
import type { ZodApp } from './app-types.ts';
import { sendPdf } from './exports.ts';

/** A document of one AMCOS (a crop delivery note, a warehouse receipt): its details and its PDF. */
export type SocietyDocument<T extends { amcosId: string }> = {
  base: string;
  tags: string[];
  read: Access;
  detail: z.ZodType<T>;
  get(db: DbOrTx, id: string): Promise<T>;
  pdf(db: DbOrTx, data: T): Promise<Buffer>;
  /** The PDF's file name, without `.pdf`: the document's number. */
  fileName(data: T): string;
};

/** Adds `GET base/:id` and `GET base/:id/pdf` for a society's document, refused to an AMCOS user of another society. */
export function societyDocumentRoutes<T extends { amcosId: string }>(
  app: ZodApp,
  db: DbOrTx,
  doc: SocietyDocument<T>,
): void {
  const readOwn = async (req: { params: { id: string } } & FastifyRequest) => {
    const data = await doc.get(db, req.params.id);
    assertSociety(actorOf(req), data.amcosId);
    return data;
  };
  app.get(
    `${doc.base}/:id`,
    {
      config: { access: doc.read },
      schema: { tags: doc.tags, params: idParams, response: { 200: detailReply(doc.detail) } },
    },
    async (req) => ({ data: await readOwn(req) }),
  );
  app.get(
    `${doc.base}/:id/pdf`,
    { config: { access: doc.read }, schema: { tags: doc.tags, params: idParams } },
    async (req, reply) => {
      const data = await readOwn(req);
      return sendPdf(reply, doc.fileName(data), await doc.pdf(db, data), { inline: true });
    },
  );
}
