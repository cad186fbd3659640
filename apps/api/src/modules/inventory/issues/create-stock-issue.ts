import type { CreateStockIssueBody, StockIssueDetail } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { amcos } from '../../amcos/schema.ts';
import { auditedMovedLines, issueStock, movedDocumentLines } from '../ledgers/move-stock.ts';
import { storeOf } from '../stores/queries.ts';
import { getStockIssue } from './queries.ts';
import { stockIssueLines, stockIssues } from './schema.ts';

/**
 * Stock out of a store for a purpose, at the store's weighted average cost, posted Dr inputs
 * issued / Cr inventory. Not enough stock on any line refuses the whole issue (409).
 */
export async function createStockIssue(
  db: Db,
  actor: Actor,
  body: CreateStockIssueBody,
): Promise<StockIssueDetail> {
  const issueId = await db.transaction(async (tx) => {
    const store = await storeOf(tx, actor, body.storeId);
    let toAmcos: { id: string; name: string } | null = null;
    if (body.purpose === 'amcos' && body.toAmcosId) {
      const [row] = await tx
        .select({ id: amcos.id, name: amcos.name })
        .from(amcos)
        .where(eq(amcos.id, body.toAmcosId));
      if (!row) throw fieldError('toAmcosId', 'The chosen AMCOS does not exist');
      if (actor.amcosId && row.id !== actor.amcosId)
        throw fieldError('toAmcosId', 'An AMCOS store issues to its own society only');
      toAmcos = row;
    }
    const id = uuidv7();
    const narration =
      body.purpose === 'union_use'
        ? narrate('stockIssueUnionUse', { store: store.name })
        : narrate('stockIssueTo', { store: store.name, to: toAmcos?.name ?? body.issuedTo ?? '' });
    const moved = await issueStock(tx, {
      storeId: store.id,
      date: body.issuedOn,
      // Numbered by the door once the balances are written (the counter is locked for less time).
      source: {
        type: 'stock_issue',
        id,
        no: () => nextDocumentNumber(tx, 'ISS', Number(body.issuedOn.slice(0, 4))),
      },
      actorId: actor.userId,
      lines: body.lines,
      post: {
        narration,
        ...(toAmcos ? { party: { type: 'amcos' as const, id: toAmcos.id, name: toAmcos.name } } : {}),
      },
    });
    const issueNo = moved.no ?? '';
    await tx.insert(stockIssues).values({
      id,
      issueNo,
      storeId: store.id,
      amcosId: store.amcosId,
      purpose: body.purpose,
      toAmcosId: toAmcos?.id ?? null,
      issuedTo: body.issuedTo,
      issuedOn: body.issuedOn,
      remarks: body.remarks,
      totalValue: moved.value,
      journalEntryId: moved.journalEntryId,
      createdBy: actor.userId,
    });
    await tx
      .insert(stockIssueLines)
      .values(movedDocumentLines(body.lines, moved).map(({ row }) => ({ ...row, issueId: id })));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'stock_issue',
      entityId: id,
      after: {
        issueNo,
        store: store.name,
        purpose: body.purpose,
        issuedTo: toAmcos?.name ?? body.issuedTo,
        totalValue: moved.value,
        lines: auditedMovedLines(moved),
      },
    });
    return id;
  });
  // Read after commit: the journal entry is numbered at commit.
  return getStockIssue(db, issueId);
}
