import { itemOptions } from '@ushirika/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import { registerCatalog } from '../../../platform/catalog.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { accounts } from '../../accounts/schema.ts';
import { itemCategoryResource } from './categories.ts';
import { itemResource } from './items.ts';
import { itemCategories, items } from './schema.ts';

const tags = ['inventory'];
const itemChoice = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  kind: z.string(),
});

/** Items, services and categories: the union's catalogue; AMCOS users get the pick list only. */
export function itemsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/inventory/items/options',
    {
      config: { access: { permission: 'inventory.store.update', audience: 'union' } },
      schema: { tags, response: { 200: z.object({ data: itemOptions }) } },
    },
    async () => {
      const [categories, operationAccounts] = await Promise.all([
        deps.db
          .select({ id: itemCategories.id, name: itemCategories.name })
          .from(itemCategories)
          .where(eq(itemCategories.active, true))
          .orderBy(asc(itemCategories.name)),
        deps.db
          .select({ id: accounts.id, code: accounts.code, name: accounts.name })
          .from(accounts)
          .where(and(eq(accounts.book, 'operation'), eq(accounts.active, true)))
          .orderBy(asc(accounts.code)),
      ]);
      return { data: { categories, accounts: operationAccounts } };
    },
  );
  // The items every store form and report filter offers (AMCOS users included): no stock figures.
  app.get(
    '/inventory/items/choices',
    {
      config: { access: { permission: 'inventory.store.read', audience: 'any' } },
      schema: { tags, response: { 200: z.object({ data: z.array(itemChoice) }) } },
    },
    async () => ({
      data: await deps.db
        .select({
          id: items.id,
          code: items.code,
          name: localNameSql('items'),
          unit: items.unit,
          kind: items.kind,
        })
        .from(items)
        .where(eq(items.active, true))
        .orderBy(asc(items.code)),
    }),
  );
  registerCatalog(app, deps, itemCategoryResource);
  registerCatalog(app, deps, itemResource);
}
