import {
  type LoanBankAccount,
  type Member,
  type MemberCandidate,
  type MemberList,
  type MemberPayment,
  type MemberSettings,
  type MemberSociety,
  type MemberStatement,
  member,
  memberPayment,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { type PageWindow, sqlPageOf } from '../../../platform/list.ts';
import { assertRegister, registerOf } from './access.ts';

/** The register a row belongs to: 'union' or the AMCOS's id (the key of its settings too). */
const societyKey = sql`coalesce(m.amcos_id::text, 'union')`;
const minimumOf = sql`coalesce((select s.share_minimum from member_settings s where s.society = ${societyKey}), 0)`;

/** A member row as the contract has it; `m` is the members table. */
const memberColumns = sql`m.id, ${societyKey} as society, m.member_no as "memberNo",
  coalesce((select a.name from amcos a where a.id = m.member_amcos_id),
           (select concat_ws(' ', f.first_name, f.middle_name, f.last_name) from farmers f where f.id = m.farmer_id))
    as name,
  m.member_amcos_id as "memberAmcosId", m.farmer_id as "farmerId", m.joined_on::text as "joinedOn",
  m.shares_subscribed::text as "sharesSubscribed", m.shares_paid::text as "sharesPaid",
  (m.shares_subscribed - m.shares_paid)::numeric(18,2)::text as "sharesUnpaid",
  m.opening_shares_paid::text as "openingSharesPaid", m.entrance_fee_paid::text as "entranceFeePaid",
  case when m.shares_paid > 0 and m.shares_paid >= ${minimumOf} then 'active' else 'pending' end as status,
  m.dividend_to_shares as "dividendToShares"`;

const inRegister = (society: MemberSociety): SQL => {
  const amcosId = registerOf(society);
  return amcosId === null ? sql`m.amcos_id is null` : sql`m.amcos_id = ${amcosId}`;
};

const SORTS: Record<string, SQL> = {
  member_no: sql`r."memberNo"`,
  joined_on: sql`r."joinedOn"::date`,
  shares_paid: sql`r."sharesPaid"::numeric`,
};

/** A register's page (search by number or name, filter by status) and the whole register's totals. */
export async function listMembers(
  db: DbOrTx,
  actor: Actor,
  q: { society: MemberSociety; search?: string; status?: Member['status']; sort?: string },
  page: PageWindow,
): Promise<{ rows: Member[]; total: number; totals: MemberList['totals'] }> {
  assertRegister(actor, q.society, 'read');
  const [field = '', direction] = (q.sort ?? '').split(':');
  const sorted = SORTS[field] ?? sql`r."memberNo"`;
  const conditions: SQL[] = [];
  if (q.search) {
    const like = `%${q.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(lower(r."memberNo") like ${like} or lower(r.name) like ${like})`);
  }
  if (q.status) conditions.push(sql`r.status = ${q.status}`);
  const { rows, total } = await sqlPageOf(db, member, {
    columns: sql`r.*`,
    from: sql`(select ${memberColumns} from members m where ${inRegister(q.society)}) r`,
    where: conditions.length ? sql.join(conditions, sql` and `) : undefined,
    // An unknown sort field reads in member number order, in the direction asked.
    order: [direction === 'desc' ? sql`${sorted} desc` : sql`${sorted} asc`, sql`r.id`],
    window: page,
    counted: 'window',
  });
  const [totals] = await queryRows(
    db,
    z.object({
      members: z.coerce.number(),
      sharesSubscribed: z.string(),
      sharesPaid: z.string(),
      entranceFeePaid: z.string(),
    }),
    sql`select count(*) as members, coalesce(sum(m.shares_subscribed), 0)::numeric(18,2)::text as "sharesSubscribed",
          coalesce(sum(m.shares_paid), 0)::numeric(18,2)::text as "sharesPaid",
          coalesce(sum(m.entrance_fee_paid), 0)::numeric(18,2)::text as "entranceFeePaid"
        from members m where ${inRegister(q.society)}`,
  );
  const settings = await readMemberSettings(db, actor, q.society);
  return {
    rows,
    total,
    totals: {
      members: totals?.members ?? 0,
      sharesSubscribed: totals?.sharesSubscribed ?? '0.00',
      sharesPaid: totals?.sharesPaid ?? '0.00',
      entranceFeePaid: totals?.entranceFeePaid ?? '0.00',
      shareMinimum: settings.shareMinimum,
    },
  };
}

/** One member, refused to a user of another society. */
export async function getMember(db: DbOrTx, actor: Actor, id: string): Promise<Member> {
  const [row] = await queryRows(db, member, sql`select ${memberColumns} from members m where m.id = ${id}`);
  if (!row) throw new NotFoundError('Member not found');
  assertRegister(actor, row.society, 'read');
  return row;
}

/** A member's statement: the member and each payment in date order, with what was paid after it. */
export async function memberStatement(db: DbOrTx, actor: Actor, id: string): Promise<MemberStatement> {
  const found = await getMember(db, actor, id);
  const payments = await queryRows(
    db,
    memberPayment,
    sql`select p.id, p.receipt_no as "receiptNo", p.kind, p.amount::text as amount, p.paid_on::text as "paidOn",
          p.bank_account_id as "bankAccountId",
          (select a.code || ' ' || a.name from accounts a where a.id = p.bank_account_id) as "bankAccountName",
          p.reference, p.journal_entry_id as "journalEntryId", p.settlement_id as "settlementId",
          (select s.settlement_no from settlements s where s.id = p.settlement_id) as "settlementNo",
          p.appropriation_id as "appropriationId",
          (select x.appropriation_no from appropriations x where x.id = p.appropriation_id) as "appropriationNo",
          p.created_at::text as "createdAt"
        from member_payments p where p.member_id = ${id} order by p.paid_on, p.created_at, p.id`,
  );
  let shares = dec(found.openingSharesPaid);
  let fees = dec(0);
  const lines = payments.map((p: MemberPayment) => {
    if (p.kind === 'shares') shares = shares.plus(p.amount);
    else fees = fees.plus(p.amount);
    return { ...p, sharesPaidAfter: shares.toFixed(2), feesPaidAfter: fees.toFixed(2) };
  });
  const [society] = await queryRows(
    db,
    z.object({ name: z.string() }),
    found.society === 'union'
      ? sql`select coalesce((select name from union_profile limit 1), 'Union') as name`
      : sql`select name from amcos where id = ${found.society}`,
  );
  return { member: found, societyName: society?.name ?? '', lines };
}

/** A register's by-law share minimum (0 until set). */
export async function readMemberSettings(
  db: DbOrTx,
  actor: Actor,
  society: MemberSociety,
): Promise<MemberSettings> {
  assertRegister(actor, society, 'read');
  const [row] = await queryRows(
    db,
    z.object({ shareMinimum: z.string() }),
    sql`select share_minimum::text as "shareMinimum" from member_settings where society = ${society}`,
  );
  return { society, shareMinimum: row?.shareMinimum ?? '0.00' };
}

/** Who can join a register: the active AMCOS (union) or the society's active farmers, not yet members. */
export async function memberCandidates(
  db: DbOrTx,
  actor: Actor,
  { society, search }: { society: MemberSociety; search?: string },
): Promise<MemberCandidate[]> {
  assertRegister(actor, society, 'read');
  const like = `%${(search ?? '').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const amcosId = registerOf(society);
  const candidate = z.object({ id: z.string(), code: z.string(), name: z.string() });
  if (amcosId === null)
    return queryRows(
      db,
      candidate,
      sql`select a.id, a.code, a.name from amcos a
          where a.status = 'active' and not exists (select 1 from members m where m.member_amcos_id = a.id)
            and (lower(a.name) like ${like} or lower(a.code) like ${like})
          order by a.name limit 50`,
    );
  return queryRows(
    db,
    candidate,
    sql`select f.id, f.farmer_no as code, concat_ws(' ', f.first_name, f.middle_name, f.last_name) as name
        from farmers f
        where f.amcos_id = ${amcosId} and f.status = 'active'
          and not exists (select 1 from members m where m.farmer_id = f.id)
          and (lower(f.farmer_no) like ${like} or lower(concat_ws(' ', f.first_name, f.middle_name, f.last_name)) like ${like})
        order by f.farmer_no limit 50`,
  );
}

/** The bank and cash accounts (TZS, active, either book) a union member's payment can be received into. */
export async function memberBankAccounts(db: DbOrTx, actor: Actor): Promise<LoanBankAccount[]> {
  assertRegister(actor, 'union', 'write');
  return queryRows(
    db,
    z.object({
      id: z.string(),
      code: z.string(),
      name: z.string(),
      book: z.enum(['collection', 'operation']),
    }),
    sql`select id, code, name, book from accounts
        where is_bank_or_cash and active and currency = 'TZS' order by book desc, code`,
  );
}
