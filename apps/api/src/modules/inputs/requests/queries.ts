import {
  type InputRequest,
  type InputRequestDetail,
  type InputRequestListQuery,
  inputRequest,
  inputRequestLine,
} from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety, societyOf } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';

const columns = sql`r.id, r.request_no as "requestNo", r.farmer_id as "farmerId", f.farmer_no as "farmerNo",
    concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName", f.phone as "farmerPhone",
    r.amcos_id as "amcosId", a.name as "amcosName", r.season_crop_id as "seasonCropId", r.season_id as "seasonId",
    s.name as "seasonName", ${localNameSql('c')} as "cropName", r.acres::text as acres, r.requested_on::text as "requestedOn",
    r.status, r.credit_value::text as "creditValue", r.over_limit as "overLimit", r.override_reason as "overrideReason",
    r.notes, r.created_by as "createdBy", r.amcos_approved_by as "amcosApprovedBy",
    r.amcos_approved_at::text as "amcosApprovedAt", r.union_approved_by as "unionApprovedBy",
    r.union_approved_at::text as "unionApprovedAt", r.reject_reason as "rejectReason", r.created_at::text as "createdAt"`;
const from = sql`input_requests r
  join farmers f on f.id = r.farmer_id
  join amcos a on a.id = r.amcos_id
  join seasons s on s.id = r.season_id
  join season_crops sc on sc.id = r.season_crop_id
  join crops c on c.id = sc.crop_id`;
const select = sql`select ${columns} from ${from}`;

export type RequestFilters = Pick<
  InputRequestListQuery,
  'status' | 'amcos_id' | 'season_id' | 'farmer_id' | 'search'
>;

/** The where clause of a filtered list; an AMCOS user is always confined to their society. */
export function requestFilter(actor: Actor, f: RequestFilters): SQL {
  const parts: SQL[] = [sql`true`];
  const society = societyOf(actor);
  if (society) parts.push(sql`r.amcos_id = ${society}`);
  if (f.amcos_id) parts.push(sql`r.amcos_id = ${f.amcos_id}`);
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.season_id) parts.push(sql`r.season_id = ${f.season_id}`);
  if (f.farmer_id) parts.push(sql`r.farmer_id = ${f.farmer_id}`);
  if (f.search) {
    const s = f.search.trim().toUpperCase();
    parts.push(sql`(r.request_no = ${s} or r.farmer_id in (select id from farmers where farmer_no = ${s}))`);
  }
  return sql.join(parts, sql` and `);
}

export async function listInputRequests(
  db: DbOrTx,
  actor: Actor,
  filters: RequestFilters,
  page: PageWindow,
): Promise<{ rows: InputRequest[]; total: number }> {
  const where = requestFilter(actor, filters);
  return sqlPageOf(db, inputRequest, {
    columns,
    from,
    counted: sql`input_requests r`,
    where,
    order: [sql`r.requested_on desc`, sql`r.id desc`],
    window: page,
  });
}

const issuedRow = z.object({
  id: z.string(),
  distributionNo: z.string(),
  farmerAmount: z.string(),
  subsidyAmount: z.string(),
  loanNo: z.string().nullable(),
});

export async function getInputRequest(db: DbOrTx, actor: Actor, id: string): Promise<InputRequestDetail> {
  const [row] = await queryRows(db, inputRequest, sql`${select} where r.id = ${id}`);
  if (!row) throw new NotFoundError('Request not found');
  assertSociety(actor, row.amcosId);
  const lines = await queryRows(
    db,
    inputRequestLine,
    sql`select l.id, l.item_id as "itemId", i.code as "itemCode", ${localNameSql('i')} as "itemName", i.unit,
          l.suggested_quantity::text as "suggestedQuantity", l.quantity::text as quantity,
          l.credit_price::text as "creditPrice", l.credit_value::text as "creditValue",
          l.credit_limit::text as "creditLimit", l.used_elsewhere::text as "usedElsewhere", l.over_limit as "overLimit"
        from input_request_lines l join items i on i.id = l.item_id
        where l.request_id = ${id} order by l.line_no`,
  );
  const [dist] = await queryRows(
    db,
    issuedRow,
    sql`select d.id, d.distribution_no as "distributionNo", d.farmer_amount::text as "farmerAmount",
          d.subsidy_amount::text as "subsidyAmount", fl.loan_no as "loanNo"
        from input_distributions d left join farmer_loans fl on fl.id = d.loan_id
        where d.request_id = ${id} and d.status = 'issued'`,
  );
  if (!dist) return { ...row, lines, distributionId: null, issued: null };
  const { id: distributionId, ...issued } = dist;
  return { ...row, lines, distributionId, issued };
}
