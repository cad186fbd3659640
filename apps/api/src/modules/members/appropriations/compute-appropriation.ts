import type { AppropriationFigures, ProposeAppropriationBody } from '@ushirika/contracts';
import { AppropriationError, appropriateSurplus, dec, toSharesFirst } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { readYearSurplus } from '../../accounts/statements/read-year-surplus.ts';
import { readReservePercent } from './queries.ts';

const memberRow = z.object({
  memberId: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  memberNo: z.string(),
  paidShares: z.string(),
  unpaidShares: z.string(),
  dividendToShares: z.boolean(),
  kg: z.string(),
});

/**
 * The union's members as the appropriation sees them: each AMCOS's paid shares now, its unpaid
 * shares and its choice to pay them from the dividend first, and the kg its farmers delivered in
 * the season (collections not cancelled), those with shares paid or kg.
 */
async function appropriationMembers(db: DbOrTx, seasonId: string) {
  return queryRows(
    db,
    memberRow,
    sql`select m.id as "memberId", a.id as "amcosId", a.name as "amcosName", m.member_no as "memberNo",
          m.shares_paid::text as "paidShares",
          (m.shares_subscribed - m.shares_paid)::numeric(18,2)::text as "unpaidShares",
          m.dividend_to_shares as "dividendToShares", coalesce(k.kg, 0)::numeric(14,3)::text as kg
        from members m join amcos a on a.id = m.member_amcos_id
        left join (select c.amcos_id, sum(c.net_kg) as kg from collections c
                   join season_crops sc on sc.id = c.season_crop_id
                   where sc.season_id = ${seasonId} and c.status <> 'cancelled' group by c.amcos_id) k
          on k.amcos_id = a.id
        where m.amcos_id is null and (m.shares_paid > 0 or coalesce(k.kg, 0) > 0)
        order by a.name, m.id`,
  );
}

/**
 * A proposal's figures from the books: the closed year's surplus (the Operation book's, where the
 * close put it: retained earnings 3102), the reserve percentage of the by-laws, each member's paid
 * shares and kg, appropriated by the domain's `appropriateSurplus`. Refuses an open year (409), a
 * year without a surplus (409) and rates that take more than the surplus (400).
 */
export async function computeAppropriation(
  db: DbOrTx,
  actor: Actor,
  body: ProposeAppropriationBody,
): Promise<AppropriationFigures & { memberIds: Map<string, string> }> {
  const [season] = await queryRows(
    db,
    z.object({ name: z.string() }),
    sql`select name from seasons where id = ${body.seasonId}`,
  );
  if (!season) throw new NotFoundError('Season not found');
  const year = await readYearSurplus(db, actor, { financialYearId: body.financialYearId });
  const surplus = year.books.find((b) => b.book === 'operation')?.surplus ?? '0.00';
  if (!dec(surplus).isPositive() || dec(surplus).isZero())
    throw new ConflictError(`${year.year.name} has no surplus to appropriate (${surplus})`);
  const reservePercent = await readReservePercent(db);
  const members = await appropriationMembers(db, body.seasonId);
  let figures: ReturnType<typeof appropriateSurplus>;
  try {
    figures = appropriateSurplus({
      surplus,
      reservePercent,
      dividendPercent: body.dividendPercent,
      bonusPerKg: body.bonusPerKg,
      members: members.map((m) => ({ id: m.amcosId, paidShares: m.paidShares, kg: m.kg })),
    });
  } catch (e) {
    if (e instanceof AppropriationError) throw fieldError('dividendPercent', e.message);
    throw e;
  }
  return {
    financialYearId: year.year.id,
    yearName: year.year.name,
    seasonId: body.seasonId,
    seasonName: season.name,
    surplus: figures.surplus,
    reservePercent: dec(reservePercent).toFixed(2),
    dividendPercent: dec(body.dividendPercent).toFixed(2),
    bonusPerKg: dec(body.bonusPerKg).toFixed(2),
    reserve: figures.reserve,
    dividend: figures.dividend,
    bonus: figures.bonus,
    retained: figures.retained,
    lines: members.map((m, i) => {
      const line = figures.lines[i];
      const payable = line?.payable ?? '0.00';
      return {
        amcosId: m.amcosId,
        amcosName: m.amcosName,
        memberNo: m.memberNo,
        paidShares: m.paidShares,
        kg: m.kg,
        dividend: line?.dividend ?? '0.00',
        bonus: line?.bonus ?? '0.00',
        payable,
        ...toSharesFirst({ payable, unpaidShares: m.unpaidShares, chose: m.dividendToShares }),
      };
    }),
    memberIds: new Map(members.map((m) => [m.amcosId, m.memberId])),
  };
}
