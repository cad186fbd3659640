import type { OpeningPreviewRow } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import {
  fateOf,
  isSheetDate,
  type OpeningKindDefinition,
  type OpeningRecord,
  owedOnRow,
} from '../../accounts/opening/kinds.ts';
import { farmersNumbered } from '../../farmers/queries.ts';
import { farmerLoans, LOAN_SOURCES } from '../schema.ts';
import { giveLoan } from './give-loan.ts';

type Loan = {
  farmerId: string;
  amcosId: string;
  issuedOn: string;
  amount: string;
  recovered: string;
  source: (typeof LOAN_SOURCES)[number];
};

const sourceOf = (text: string) => {
  const key = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  if (key === '') return 'cash_advance';
  return LOAN_SOURCES.find((s) => s === key || (key === 'inputs' && s === 'distribution'));
};

/**
 * Farmers' loans outstanding at go-live (Collection book): each an active loan, approved by the
 * import, its amount and what earlier seasons already recovered, so the next settlement recovers
 * the rest like any loan. No cash moves and nothing is posted: the opening trial balance holds the
 * farmer loans account, and the go-live check ties the two.
 */
export const farmerLoansOpening: OpeningKindDefinition = {
  book: 'collection',
  async check(tx, rows, { openingDate }) {
    const numbers = [...new Set(rows.map((r) => r.cells.farmer_no ?? '').filter(Boolean))];
    const found = await farmersNumbered(tx, numbers);
    const byNo = new Map(found.map((f) => [f.farmerNo, f]));
    const preview: OpeningPreviewRow[] = [];
    const loans: Loan[] = [];
    for (const { row, cells } of rows) {
      const no = cells.farmer_no ?? '';
      const farmer = byNo.get(no);
      const base = { reference: no, name: farmer ? `${farmer.first} ${farmer.last}` : null };
      if (!no) {
        preview.push(fateOf(row, 'missing', { ...base, detail: 'farmer_no' }));
        continue;
      }
      if (!farmer) {
        preview.push(fateOf(row, 'unknown_code', base));
        continue;
      }
      const source = sourceOf(cells.source ?? '');
      if (!source) {
        preview.push(fateOf(row, 'bad_source', base));
        continue;
      }
      const given = cells.date_given ?? '';
      if (!isSheetDate(given)) {
        preview.push(fateOf(row, given ? 'bad_date' : 'missing', { ...base, detail: 'date_given' }));
        continue;
      }
      if (given > openingDate) {
        preview.push(fateOf(row, 'after_opening', base));
        continue;
      }
      const { preview: fate, owed } = owedOnRow({ row, cells }, 'already_recovered', base);
      preview.push(fate);
      if (!owed) continue;
      loans.push({
        farmerId: farmer.id,
        amcosId: farmer.amcosId,
        issuedOn: given,
        amount: owed.amount,
        recovered: owed.paid,
        source,
      });
    }
    const total = sum(loans.map((l) => dec(l.amount).minus(l.recovered)));
    return {
      rows: preview,
      totalDebit: total,
      totalCredit: dec(0),
      problem: loans.length === 0 ? 'The sheet has no outstanding loans to import' : null,
      async apply(t, actor) {
        const records: OpeningRecord[] = [];
        for (const loan of loans) {
          const saved = await giveLoan(
            t,
            {
              farmerId: loan.farmerId,
              amcosId: loan.amcosId,
              issuedOn: loan.issuedOn,
              amount: loan.amount,
              source: loan.source,
              reason: `Opening balance at ${openingDate}`,
              createdBy: actor.userId,
            },
            { numberAtCommit: true, approvedBy: actor.userId },
          );
          records.push({ type: 'farmer_loan', id: saved.id });
        }
        const recovered = loans
          .map((l, i) => ({ id: records[i]?.id, recovered: l.recovered }))
          .filter((l) => dec(l.recovered).gt(0));
        if (recovered.length > 0)
          await t.execute(sql`update farmer_loans f set recovered = x.recovered
            from json_to_recordset(${JSON.stringify(recovered)}::json) as x(id uuid, recovered numeric)
            where f.id = x.id`);
        return { entryId: null, records };
      },
    };
  },
  async undo(tx, records) {
    const ids = records.map((r) => r.id);
    const [used] = await queryRows(
      tx,
      z.object({ loanNo: z.string() }),
      sql`select l.loan_no as "loanNo" from loan_recoveries r join farmer_loans l on l.id = r.loan_id
          join settlements s on s.id = r.settlement_id
          where r.loan_id in (select (x->>'id')::uuid from json_array_elements(${JSON.stringify(records)}::json) x)
            and s.status <> 'cancelled' limit 1`,
    );
    if (used)
      throw new ConflictError(
        `A settlement recovers loan ${used.loanNo}: the opening loans can no longer be reversed`,
      );
    await tx
      .update(farmerLoans)
      .set({ status: 'cancelled', cancelReason: 'Opening reversed', updatedAt: new Date() })
      .where(inArray(farmerLoans.id, ids));
  },
};
