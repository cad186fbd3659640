import type { ListQuery, Permission } from '@ushirika/contracts';
import { idParams } from '@ushirika/contracts';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { type Actor, actorOf } from './access.ts';
import type { ZodApp } from './app-types.ts';
import { recordAudit } from './audit.ts';
import { type ConstraintMessages, explainConstraints } from './constraints.ts';
import type { AppDeps } from './deps.ts';
import { NotFoundError } from './errors.ts';
import { type ExportColumn, exportName, sendExport } from './exports.ts';
import { type PageWindow, pagedReply, pageWindow } from './list.ts';

type Access = { permission: Permission; audience: 'union' | 'any' };

/**
 * A master-data resource with list, details, create and update, all audited: banks, crops,
 * seasons, beneficiaries... The resource gives its reads and writes; this gives the HTTP shape
 * every such list shares (paging, search, sort, xlsx/csv export) and the one transaction per write.
 */
export type CatalogResource<Item, Create, Update, Query extends ListQuery> = {
  path: string;
  tag: string;
  /** Audit entity name, e.g. `bank`; also the key of its history owner. */
  entity: string;
  /** How messages name one record: `Bank created successfully`. */
  label: string;
  exportName: string;
  read: Access;
  write: Access;
  schemas: {
    item: z.ZodType<Item>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    query: z.ZodType<Query>;
  };
  list(db: DbOrTx, query: Query, window: PageWindow): Promise<{ rows: Item[]; total: number }>;
  get(db: DbOrTx, id: string): Promise<Item | undefined>;
  /** Checks references and inserts; answers the new id. */
  insert(tx: Tx, body: Create, actorId: string): Promise<string>;
  /** Applies the change; the record exists (checked before). */
  update(tx: Tx, id: string, body: Update, before: Item): Promise<void>;
  constraints: ConstraintMessages;
  exportColumns: ExportColumn<Item>[];
};

export async function getOrNotFound<Item>(
  resource: Pick<CatalogResource<Item, unknown, unknown, ListQuery>, 'get' | 'label'>,
  db: DbOrTx,
  id: string,
): Promise<Item> {
  const found = await resource.get(db, id);
  if (!found) throw new NotFoundError(`${resource.label} not found`);
  return found;
}

/** Creates one record in one transaction with its audit event. */
export async function createRecord<Item, Create, Update, Query extends ListQuery>(
  db: Db,
  actor: Actor,
  { resource, body }: { resource: CatalogResource<Item, Create, Update, Query>; body: Create },
): Promise<Item> {
  return explainConstraints(resource.constraints, () =>
    db.transaction(async (tx) => {
      const id = await resource.insert(tx, body, actor.userId);
      const created = await getOrNotFound(resource, tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'created',
        entity: resource.entity,
        entityId: id,
        after: created,
      });
      return created;
    }),
  );
}

/** Updates one record in one transaction, auditing before and after. */
export async function updateRecord<Item, Create, Update, Query extends ListQuery>(
  db: Db,
  actor: Actor,
  {
    resource,
    id,
    body,
  }: { resource: CatalogResource<Item, Create, Update, Query>; id: string; body: Update },
): Promise<Item> {
  return explainConstraints(resource.constraints, () =>
    db.transaction(async (tx) => {
      const before = await getOrNotFound(resource, tx, id);
      await resource.update(tx, id, body, before);
      const after = await getOrNotFound(resource, tx, id);
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'updated',
        entity: resource.entity,
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

export function registerCatalog<Item, Create, Update, Query extends ListQuery>(
  app: ZodApp,
  deps: AppDeps,
  resource: CatalogResource<Item, Create, Update, Query>,
): void {
  const { schemas } = resource;
  const tags = [resource.tag];
  const saved = z.object({ message: z.string(), data: schemas.item });
  app.get(
    resource.path,
    {
      config: { access: resource.read },
      schema: {
        tags,
        querystring: schemas.query,
        response: {
          200: z.object({
            data: z.array(schemas.item),
            meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
          }),
        },
      },
    },
    async (req, reply) => {
      const query = req.query as Query;
      const { rows, total } = await resource.list(deps.db, query, pageWindow(query));
      if (query.format === 'json') return pagedReply(rows, total, query);
      return sendExport(reply, {
        format: query.format,
        name: exportName(resource.exportName, query),
        columns: resource.exportColumns,
        rows,
      });
    },
  );
  app.get(
    `${resource.path}/:id`,
    {
      config: { access: resource.read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: schemas.item }) } },
    },
    async (req) => ({ data: await getOrNotFound(resource, deps.db, req.params.id) }),
  );
  app.post(
    resource.path,
    { config: { access: resource.write }, schema: { tags, body: schemas.create, response: { 201: saved } } },
    async (req, reply) => {
      const data = await createRecord(deps.db, actorOf(req), { resource, body: req.body as Create });
      return reply.code(201).send({ message: `${resource.label} created successfully`, data });
    },
  );
  app.patch(
    `${resource.path}/:id`,
    {
      config: { access: resource.write },
      schema: { tags, params: idParams, body: schemas.update, response: { 200: saved } },
    },
    async (req) => ({
      message: `${resource.label} updated successfully`,
      data: await updateRecord(deps.db, actorOf(req), {
        resource,
        id: req.params.id,
        body: req.body as Update,
      }),
    }),
  );
}
