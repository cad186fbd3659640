import {
  type OwnSecondPaymentLine,
  ownSecondPaymentLine,
  type SecondPayment,
  type SecondPaymentStatus,
  type SecondPaymentSummary,
  secondPaymentLine,
  secondPaymentSummary,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';
import { decisionColumns } from '../../../platform/proposals.ts';

/** A second payment's row as the contract has it; `p` is the second_payments table. */
const summaryColumns = sql`p.id, p.payment_no as "paymentNo", p.season_crop_id as "seasonCropId",
  s.name as "seasonName", c.name as "cropName", p.rate_per_kg::text as "ratePerKg",
  coalesce(p.amcos_ids::text[], '{}') as "amcosIds",
  coalesce((select array_agg(a.name order by a.name) from amcos a where a.id = any(p.amcos_ids)), '{}') as "amcosNames",
  p.kg::text as kg, p.total::text as total, p.line_count as "lineCount", p.status, ${decisionColumns},
  p.payment_batch_id as "paymentBatchId", b.batch_no as "paymentBatchNo"`;
const fromPayments = sql`second_payments p join season_crops sc on sc.id = p.season_crop_id
  join seasons s on s.id = sc.season_id join crops c on c.id = sc.crop_id
  left join payment_batches b on b.id = p.payment_batch_id`;

const lineColumns = sql`l.id, l.farmer_id as "farmerId", f.farmer_no as "farmerNo",
  concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName", l.amcos_id as "amcosId",
  a.name as "amcosName", l.kg::text as kg, l.amount::text as amount`;

/** The second payments, newest first, optionally of one status. */
export async function listSecondPayments(
  db: DbOrTx,
  q: { status?: SecondPaymentStatus },
  page: PageWindow,
): Promise<{ rows: SecondPaymentSummary[]; total: number }> {
  return sqlPageOf(db, secondPaymentSummary, {
    columns: summaryColumns,
    from: fromPayments,
    where: q.status ? sql`p.status = ${q.status}` : undefined,
    order: [sql`p.proposed_at desc`, sql`p.id`],
    window: page,
    counted: 'window',
  });
}

/** One second payment with a line per farmer. */
export async function getSecondPayment(db: DbOrTx, id: string): Promise<SecondPayment> {
  const [row] = await queryRows(
    db,
    secondPaymentSummary,
    sql`select ${summaryColumns} from ${fromPayments} where p.id = ${id}`,
  );
  if (!row) throw new NotFoundError('Second payment not found');
  const lines = await queryRows(
    db,
    secondPaymentLine,
    sql`select ${lineColumns} from second_payment_lines l join farmers f on f.id = l.farmer_id
        join amcos a on a.id = l.amcos_id where l.second_payment_id = ${id}
        order by a.name, f.farmer_no, l.id`,
  );
  return { ...row, lines };
}

/** An AMCOS user's own farmers' lines of the approved second payments, newest first; union staff read the whole. */
export async function ownSecondPaymentLines(db: DbOrTx, actor: Actor): Promise<OwnSecondPaymentLine[]> {
  if (!actor.amcosId) throw new ForbiddenError('For AMCOS users: union staff read each second payment');
  return queryRows(
    db,
    ownSecondPaymentLine,
    sql`select ${lineColumns}, p.payment_no as "paymentNo", s.name as "seasonName", c.name as "cropName",
          p.rate_per_kg::text as "ratePerKg", p.approved_at::text as "approvedAt"
        from second_payment_lines l join second_payments p on p.id = l.second_payment_id
        join season_crops sc on sc.id = p.season_crop_id join seasons s on s.id = sc.season_id
        join crops c on c.id = sc.crop_id
        join farmers f on f.id = l.farmer_id join amcos a on a.id = l.amcos_id
        where l.amcos_id = ${actor.amcosId} and p.status = 'approved'
        order by p.approved_at desc, f.farmer_no, l.id`,
  );
}
