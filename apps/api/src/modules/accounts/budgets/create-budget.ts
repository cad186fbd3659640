import type { Budget, CreateBudgetBody } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { getFinancialYearRow } from '../../financial-years/queries.ts';
import { assertLineAccounts } from '../vouchers/checks.ts';
import { getBudget } from './queries.ts';
import { budgetLines, budgets } from './schema.ts';

/** A budget for one book and financial year: twelve monthly amounts per account, a draft until approved. */
export async function createBudget(db: Db, actor: Actor, body: CreateBudgetBody): Promise<Budget> {
  return db.transaction(async (tx) => {
    const year = await getFinancialYearRow(tx, body.financialYearId).catch(() => {
      throw fieldError('financialYearId', 'The financial year does not exist');
    });
    if (year.status === 'closed')
      throw fieldError('financialYearId', `The financial year ${year.name} is closed`);
    const ids = body.lines.map((l) => l.accountId);
    if (new Set(ids).size !== ids.length) throw fieldError('lines', 'Each account may appear once');
    await assertLineAccounts(tx, body.book, ids);
    const number = await nextDocumentNumber(tx, 'BUD', Number(year.startDate.slice(0, 4)));
    const [row] = await tx
      .insert(budgets)
      .values({ number, name: body.name, financialYearId: year.id, book: body.book, createdBy: actor.userId })
      .returning({ id: budgets.id });
    if (!row) throw new Error('Budget insert returned nothing');
    await tx
      .insert(budgetLines)
      .values(
        body.lines.flatMap((l) =>
          l.months.map((amount, i) => ({ budgetId: row.id, accountId: l.accountId, month: i + 1, amount })),
        ),
      );
    const budget = await getBudget(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'budget',
      entityId: row.id,
      after: budget,
    });
    return budget;
  });
}
