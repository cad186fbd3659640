import { todayInTanzania } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { Session, TestApp } from '../../../test/harness.ts';
import { accounts } from './schema.ts';

/** Test helpers for the accounting modules: accounts of the seeded chart, entries over HTTP. */
export const TODAY = todayInTanzania();
export const THIS_YEAR = TODAY.slice(0, 4);

export async function accountId(t: TestApp, book: 'collection' | 'operation', code: string): Promise<string> {
  const [row] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.book, book), eq(accounts.code, code)));
  if (!row) throw new Error(`No ${book} account ${code}`);
  return row.id;
}

export type Line = { accountId: string; debit?: string; credit?: string; currency?: string; rate?: string };

export async function draftEntry(
  t: TestApp,
  maker: Session,
  lines: Line[],
  extra: { book?: 'collection' | 'operation'; entryDate?: string; narration?: string } = {},
) {
  return t.request<{ message: string; data: { id: string; number: string; status: string; total: string } }>(
    'POST',
    '/accounts/journal-entries',
    {
      token: maker.access,
      body: {
        entryDate: extra.entryDate ?? TODAY,
        book: extra.book ?? 'operation',
        narration: extra.narration ?? 'Test entry',
        lines,
      },
    },
  );
}

/** Enters a draft as `maker` and approves it as `checker`; returns the posted entry's id. */
export async function postedEntry(
  t: TestApp,
  maker: Session,
  checker: Session,
  lines: Line[],
  extra: Parameters<typeof draftEntry>[3] = {},
) {
  const draft = await draftEntry(t, maker, lines, extra);
  if (draft.status !== 201) throw new Error(`draft failed: ${JSON.stringify(draft.body)}`);
  const approved = await t.request('PATCH', `/accounts/journal-entries/${draft.body.data.id}/approve`, {
    token: checker.access,
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return draft.body.data.id;
}

/** The database's own message when a statement or transaction is refused (drizzle wraps it). */
export async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    let e: unknown = error;
    while (e instanceof Error && e.cause instanceof Error) e = e.cause;
    return e instanceof Error ? e.message : String(e);
  }
  throw new Error('The database accepted it');
}
