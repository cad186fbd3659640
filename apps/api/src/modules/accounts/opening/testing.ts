import type { Book } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Session, TestApp } from '../../../../test/harness.ts';
import { upload } from '../../../../test/master-data.ts';
import { accountGroups } from '../schema.ts';

/** Test helpers for going live (#36): the opening-balances account, the go-live, a sheet upload. */
export async function makeOpeningAccount(t: TestApp, admin: Session, book: Book, code = '3190') {
  const [group] = await t.db
    .select({ id: accountGroups.id })
    .from(accountGroups)
    .where(eq(accountGroups.code, '31'));
  if (!group) throw new Error('No group 31');
  const made = await t.request<{ data: { id: string } }>('POST', '/accounts', {
    token: admin.access,
    body: { code, name: 'Opening balances', book, groupId: group.id },
  });
  if (made.status !== 201 && made.status !== 200) throw new Error(`account: ${JSON.stringify(made.body)}`);
  return made.body.data.id;
}

export async function goLiveOn(
  t: TestApp,
  session: Session,
  book: Book,
  goLiveDate: string,
  openingAccountId: string,
) {
  return t.request<{ message: string; data: { goLiveDate: string; openingDate: string; status: string } }>(
    'PUT',
    `/accounts/opening/books/${book}`,
    { token: session.access, body: { goLiveDate, openingAccountId } },
  );
}

/** A csv sheet: the header and the rows, CRLF-ended. */
export const csvSheet = (name: string, header: string, lines: string[]) => ({
  name,
  type: 'text/csv',
  bytes: `${[header, ...lines].join('\r\n')}\r\n`,
});

export function sendOpening<T = Record<string, unknown>>(
  t: TestApp,
  session: Session,
  what: { kind: string; step: 'preview' | 'import'; book?: Book },
  sheet: { name: string; type: string; bytes: Uint8Array | string },
) {
  return upload<T & { message: string }>(
    t,
    `/accounts/opening/${what.kind}/${what.step}${what.book ? `?book=${what.book}` : ''}`,
    sheet,
    session.access,
  );
}
