import { type DistributionDetail, distribution, distributionDetail } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { currentLanguage, localNameParamSql } from '../../../platform/labels.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';

const columns = sql`d.id, d.distribution_no as "distributionNo", d.request_id as "requestId", r.request_no as "requestNo",
    d.farmer_id as "farmerId", f.farmer_no as "farmerNo", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
    d.amcos_id as "amcosId", a.name as "amcosName", d.store_id as "storeId", st.name as "storeName",
    d.season_id as "seasonId", s.name as "seasonName", d.kind, d.distributed_on::text as "distributedOn", d.status,
    d.farmer_amount::text as "farmerAmount", d.subsidy_amount::text as "subsidyAmount", d.cost_value::text as "costValue",
    d.margin::text as margin, d.loan_id as "loanId", l.loan_no as "loanNo",
    case when l.id is null then null else (l.amount - l.recovered)::numeric(16,2)::text end as "loanOutstanding",
    l.recovered::text as "loanRecovered", d.cancel_reason as "cancelReason", d.created_at::text as "createdAt"`;
const from = sql`input_distributions d
  join input_requests r on r.id = d.request_id
  join farmers f on f.id = d.farmer_id
  join amcos a on a.id = d.amcos_id
  join stores st on st.id = d.store_id
  join seasons s on s.id = d.season_id
  left join farmer_loans l on l.id = d.loan_id`;
const select = sql`select ${columns} from ${from}`;

export type DistributionFilters = {
  status?: string | undefined;
  kind?: string | undefined;
  amcos_id?: string | undefined;
  season_id?: string | undefined;
  farmer_id?: string | undefined;
  search?: string | undefined;
};

function filterOf(actor: Actor, f: DistributionFilters): SQL {
  const parts: SQL[] = [sql`true`];
  const society = societyOf(actor);
  if (society) parts.push(sql`d.amcos_id = ${society}`);
  if (f.amcos_id) parts.push(sql`d.amcos_id = ${f.amcos_id}`);
  if (f.status) parts.push(sql`d.status = ${f.status}`);
  if (f.kind) parts.push(sql`d.kind = ${f.kind}`);
  if (f.season_id) parts.push(sql`d.season_id = ${f.season_id}`);
  if (f.farmer_id) parts.push(sql`d.farmer_id = ${f.farmer_id}`);
  if (f.search) {
    const s = f.search.trim().toUpperCase();
    parts.push(
      sql`(d.distribution_no = ${s} or d.farmer_id in (select id from farmers where farmer_no = ${s}))`,
    );
  }
  return sql.join(parts, sql` and `);
}

export async function listDistributions(
  db: DbOrTx,
  actor: Actor,
  filters: DistributionFilters,
  page: PageWindow,
) {
  const where = filterOf(actor, filters);
  return sqlPageOf(db, distribution, {
    columns,
    from,
    counted: sql`input_distributions d`,
    where,
    order: [sql`d.distributed_on desc`, sql`d.id desc`],
    window: page,
  });
}

/**
 * A distribution with its lines, in one query (the save answers it right after its commit),
 * prepared: its plan (seven joins) costs more than running it.
 */
export async function getDistribution(db: DbOrTx, actor: Actor, id: string): Promise<DistributionDetail> {
  const [row] = await queryRows(
    db,
    distributionDetail,
    sql`select x.*, (select coalesce(json_agg(json_build_object('id', l.id, 'itemId', l.item_id,
          'itemCode', i.code, 'itemName', ${localNameParamSql('i', currentLanguage())}, 'unit', i.unit, 'quantity', l.quantity::text,
          'unitPrice', l.unit_price::text, 'farmerValue', l.farmer_value::text, 'subsidyValue', l.subsidy_value::text,
          'unitCost', l.unit_cost::text, 'costValue', l.cost_value::text) order by l.line_no), '[]')
        from input_distribution_lines l join items i on i.id = l.item_id where l.distribution_id = x.id) as lines
      from (${select} where d.id = ${id}) x`,
    { prepared: 'input_distribution_detail' },
  );
  if (!row) throw new NotFoundError('Distribution not found');
  assertSociety(actor, row.amcosId);
  return row;
}

const requestStoreRow = z.object({
  id: z.string(),
  name: z.string(),
  stock: z.array(z.object({ itemId: z.string(), quantity: z.string() })),
});

/**
 * The stores a request can be issued from: its AMCOS's open stores, with what each holds of the
 * request's items (the create form shows it before the clerk picks one).
 */
export async function storesForRequest(db: DbOrTx, actor: Actor, requestId: string) {
  const [request] = await queryRows(
    db,
    z.object({ amcosId: z.string() }),
    sql`select amcos_id as "amcosId" from input_requests where id = ${requestId}`,
  );
  if (!request) throw new NotFoundError('Request not found');
  assertSociety(actor, request.amcosId);
  return queryRows(
    db,
    requestStoreRow,
    sql`select s.id, s.name, coalesce((select json_agg(json_build_object('itemId', l.item_id,
            'quantity', coalesce(b.quantity, 0)::numeric(14,3)::text) order by l.line_no)
          from input_request_lines l left join stock_balances b on b.item_id = l.item_id and b.store_id = s.id
          where l.request_id = ${requestId}), '[]'::json) as stock
        from stores s where s.amcos_id = ${request.amcosId} and s.active order by s.name`,
  );
}
