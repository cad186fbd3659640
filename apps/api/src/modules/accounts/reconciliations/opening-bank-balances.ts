import type { Book, OpeningPreviewRow } from '@ushirika/contracts';
import { type Dec, dec, sheetFigure, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { fateOf, type OpeningKindDefinition, type OpeningRecord } from '../opening/kinds.ts';
import { closeHeldReconciliation } from './close-reconciliation.ts';

const accountRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  bank: z.boolean(),
  reconciled: z.boolean(),
  /** The opening trial balance's line on the account and its debit - credit, when it has one. */
  lineId: z.string().nullable(),
  opening: z.string(),
});
type Account = z.infer<typeof accountRow>;

/** A balance as typed, an overdraft with a leading minus: 1,250,000.00 or -40000. */
function signedFigure(text: string): Dec | null {
  const plain = text.trim();
  const negative = plain.startsWith('-');
  const figure = sheetFigure(negative ? plain.slice(1) : plain);
  if (figure === null) return null;
  return negative ? dec(figure).negated() : dec(figure);
}

const accountsOf = (tx: DbOrTx, book: Book) =>
  queryRows(
    tx,
    accountRow,
    sql`select a.id, a.code, a.name, a.is_bank_or_cash as bank,
          exists (select 1 from bank_reconciliations r where r.account_id = a.id) as reconciled,
          (select l.id from journal_lines l join journal_entries e on e.id = l.entry_id
             where l.account_id = a.id and e.source_type = 'opening_import' and e.status = 'posted'
               and not exists (select 1 from bank_matched_book_lines b where b.journal_line_id = l.id)
             order by e.created_at desc limit 1) as "lineId",
          coalesce((select sum(l.debit - l.credit) from journal_lines l join journal_entries e on e.id = l.entry_id
             where l.account_id = a.id and e.source_type = 'opening_import' and e.status = 'posted'), 0)
             ::numeric(18,2)::text as opening
        from accounts a where a.book = ${book}`,
  );

/**
 * Each bank or cash account's balance at go-live as the bank's statement gives it: where its
 * reconciliation starts. The balance must be the one the opening trial balance put on the account
 * (reconciling items at go-live are not carried: docs/DECISIONS.md); it comes in as the account's
 * first statement line, matched to the trial balance's line, and a reconciliation at the opening
 * date closed at once, so the first reconciliation after go-live starts from it. Nothing is posted.
 */
export const bankBalancesOpening: OpeningKindDefinition = {
  book: null,
  async check(tx, rows, { book, openingDate }) {
    const byCode = new Map((await accountsOf(tx, book)).map((a) => [a.code, a]));
    const seen = new Map<string, number>();
    const preview: OpeningPreviewRow[] = [];
    const balances: { account: Account; balance: Dec }[] = [];
    for (const { row, cells } of rows) {
      const code = (cells.account_code ?? '').trim();
      const account = byCode.get(code);
      const base = { reference: code, name: account?.name ?? null };
      if (!account) {
        preview.push(fateOf(row, 'unknown_code', base));
        continue;
      }
      if (!account.bank) {
        preview.push(fateOf(row, 'not_bank', base));
        continue;
      }
      const earlier = seen.get(code);
      if (earlier !== undefined) {
        preview.push(fateOf(row, 'duplicate', { ...base, detail: String(earlier) }));
        continue;
      }
      seen.set(code, row);
      if (account.reconciled) {
        preview.push(fateOf(row, 'reconciled', base));
        continue;
      }
      const balance = signedFigure(cells.balance ?? '');
      if (balance === null) {
        preview.push(fateOf(row, 'not_a_number', { ...base, detail: 'balance' }));
        continue;
      }
      const figures = {
        ...base,
        debit: balance.isNegative() ? null : balance.toFixed(2),
        credit: balance.isNegative() ? balance.negated().toFixed(2) : null,
      };
      if (!balance.eq(account.opening)) {
        preview.push(fateOf(row, 'differs', { ...figures, detail: dec(account.opening).toFixed(2) }));
        continue;
      }
      preview.push(fateOf(row, 'ok', figures));
      balances.push({ account, balance });
    }
    return {
      rows: preview,
      totalDebit: sum(balances.filter((b) => !b.balance.isNegative()).map((b) => b.balance)),
      totalCredit: sum(balances.filter((b) => b.balance.isNegative()).map((b) => b.balance.negated())),
      problem: balances.length === 0 ? 'The sheet has no bank balances to import' : null,
      async apply(t, actor, importId) {
        const records: OpeningRecord[] = [];
        for (const { account, balance } of balances)
          records.push(...(await startReconciliation(t, actor, { account, balance, openingDate, importId })));
        return { entryId: null, records };
      },
    };
  },
  async undo(tx, records) {
    const ids = (type: string) => JSON.stringify(records.filter((r) => r.type === type).map((r) => r.id));
    const [later] = await queryRows(
      tx,
      z.object({ code: z.string() }),
      sql`select a.code from bank_reconciliations r join accounts a on a.id = r.account_id
          where r.account_id in (select account_id from bank_reconciliations
                                 where id in (select value::uuid from json_array_elements_text(${ids('bank_reconciliation')}::json)))
            and r.id not in (select value::uuid from json_array_elements_text(${ids('bank_reconciliation')}::json))
          limit 1`,
    );
    if (later)
      throw new ConflictError(
        `Account ${later.code} has been reconciled since go-live: the bank balances can no longer be reversed`,
      );
    const matches = sql`(select value::uuid from json_array_elements_text(${ids('bank_match')}::json))`;
    const statements = sql`(select value::uuid from json_array_elements_text(${ids('bank_statement')}::json))`;
    await tx.execute(sql`delete from bank_reconciliations
      where id in (select value::uuid from json_array_elements_text(${ids('bank_reconciliation')}::json))`);
    await tx.execute(sql`delete from bank_matched_book_lines where match_id in ${matches}`);
    await tx.execute(sql`delete from bank_statement_lines where statement_id in ${statements}`);
    await tx.execute(sql`delete from bank_matches where id in ${matches}`);
    await tx.execute(sql`delete from bank_statements where id in ${statements}`);
  },
};

/** One account's starting point: the balance as a statement line, matched, reconciled at the opening date. */
async function startReconciliation(
  tx: DbOrTx,
  actor: Actor,
  {
    account,
    balance,
    openingDate,
    importId,
  }: { account: Account; balance: Dec; openingDate: string; importId: string },
): Promise<OpeningRecord[]> {
  await tx.execute(sql`select id from accounts where id = ${account.id} for no key update`);
  const statementId = uuidv7();
  const reconciliationId = uuidv7();
  const records: OpeningRecord[] = [{ type: 'bank_statement', id: statementId }];
  await tx.execute(sql`insert into bank_statements (id, account_id, format, file_name, lines_read, lines_added, imported_by)
    values (${statementId}, ${account.id}, 'csv', 'Balance at go-live', 1, ${balance.isZero() ? 0 : 1}, ${actor.userId})`);
  if (!balance.isZero() && account.lineId) {
    const matchId = uuidv7();
    records.push({ type: 'bank_match', id: matchId });
    await tx.execute(sql`insert into bank_matches (id, account_id, reason, created_by)
      values (${matchId}, ${account.id}, 'manual', ${actor.userId})`);
    await tx.execute(sql`insert into bank_statement_lines
        (id, account_id, statement_id, line_date, description, amount_in, amount_out, balance, dedup_key, match_id)
      values (${uuidv7()}, ${account.id}, ${statementId}, ${openingDate}, 'Balance at go-live',
        ${balance.isNegative() ? '0' : balance.toFixed(2)}, ${balance.isNegative() ? balance.negated().toFixed(2) : '0'},
        ${balance.toFixed(2)}, ${`opening:${importId}`}, ${matchId})`);
    await tx.execute(sql`insert into bank_matched_book_lines (journal_line_id, match_id, account_id)
      values (${account.lineId}, ${matchId}, ${account.id})`);
  }
  await tx.execute(sql`insert into bank_reconciliations (id, account_id, statement_date, statement_balance, created_by)
    values (${reconciliationId}, ${account.id}, ${openingDate}, ${balance.toFixed(2)}, ${actor.userId})`);
  records.push({ type: 'bank_reconciliation', id: reconciliationId });
  await closeHeldReconciliation(tx, actor, reconciliationId, account.id);
  return records;
}
