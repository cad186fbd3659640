import type { Appropriation, ProposeAppropriationBody } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { computeAppropriation } from './compute-appropriation.ts';
import { getAppropriation } from './queries.ts';
import { appropriationLines, appropriations } from './schema.ts';

/**
 * The board proposes how a closed year's surplus is appropriated: the figures are computed from the
 * books (computeAppropriation) and saved with a line per AMCOS. A year with a proposal waiting or
 * an approved appropriation is refused (409); a rejected one may be proposed again.
 */
export async function proposeAppropriation(
  db: DbOrTx,
  actor: Actor,
  body: ProposeAppropriationBody,
): Promise<Appropriation> {
  return db.transaction(async (tx) => {
    // Two proposals of one year queue here; the partial unique index backs it.
    await tx.execute(sql`select id from financial_years where id = ${body.financialYearId} for update`);
    const [taken] = await queryRows(
      tx,
      z.object({ status: z.string(), no: z.string() }),
      sql`select status, appropriation_no as no from appropriations
          where financial_year_id = ${body.financialYearId} and status <> 'rejected'`,
    );
    if (taken)
      throw new ConflictError(
        taken.status === 'approved'
          ? `This year's surplus is already appropriated (${taken.no})`
          : `This year already has a proposal waiting for approval (${taken.no})`,
      );
    const { memberIds, lines, ...figures } = await computeAppropriation(tx, actor, body);
    const appropriationNo = await nextDocumentNumber(tx, 'AP', yearInTanzania());
    const [saved] = await tx
      .insert(appropriations)
      .values({
        appropriationNo,
        financialYearId: figures.financialYearId,
        seasonId: figures.seasonId,
        surplus: figures.surplus,
        reservePercent: figures.reservePercent,
        dividendPercent: figures.dividendPercent,
        bonusPerKg: figures.bonusPerKg,
        reserve: figures.reserve,
        dividend: figures.dividend,
        bonus: figures.bonus,
        retained: figures.retained,
        proposedBy: actor.userId,
      })
      .returning({ id: appropriations.id });
    if (!saved) throw new Error('Appropriation not saved');
    if (lines.length)
      await tx.insert(appropriationLines).values(
        lines.map((l) => ({
          appropriationId: saved.id,
          memberId: memberIds.get(l.amcosId) ?? '',
          amcosId: l.amcosId,
          paidShares: l.paidShares,
          kg: l.kg,
          dividend: l.dividend,
          bonus: l.bonus,
          payable: l.payable,
          toShares: l.toShares,
        })),
      );
    const proposed = await getAppropriation(tx, saved.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'appropriation',
      entityId: saved.id,
      after: proposed,
    });
    return proposed;
  });
}
