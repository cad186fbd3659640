import type { MemberStatement, MemberStatementLine } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { type DocumentInput, money } from '../../../platform/document-pdf.ts';
import type { ExportColumn } from '../../../platform/exports.ts';
import { codeLabel, currentLanguage } from '../../../platform/labels.ts';
import { unionDocumentPdf } from '../../cooperative/union.ts';

const kindLabel = (kind: string) => codeLabel(currentLanguage(), ['members.kinds'], kind);

/** The printed share statement (#32): the member, the opening shares and every payment. */
export function memberStatementDocument(s: MemberStatement, printedOn: string): DocumentInput {
  const m = s.member;
  return {
    title: 'Member statement',
    number: m.memberNo,
    fields: [
      ['Member', `${m.memberNo} ${m.name}`],
      ['Society', s.societyName],
      ['Joined', m.joinedOn],
      ['Printed', printedOn],
      ['Shares subscribed', money(m.sharesSubscribed)],
      ['Shares paid', money(m.sharesPaid)],
      ['Shares unpaid', money(m.sharesUnpaid)],
      ['Entrance fee paid', money(m.entranceFeePaid)],
    ],
    tables: [
      {
        title: 'Payments',
        headers: ['Date', 'Receipt', 'Kind', 'Amount', 'Shares paid', 'Entrance fee paid'],
        right: [3, 4, 5],
        rows: [
          ['', '', 'Shares paid before going live', '', money(m.openingSharesPaid), ''],
          ...s.lines.map((l) => [
            l.paidOn,
            l.receiptNo,
            kindLabel(l.kind),
            money(l.amount),
            money(l.sharesPaidAfter),
            money(l.feesPaidAfter),
          ]),
        ],
      },
    ],
    signatures: ['Member', 'Society'],
  };
}

/** The statement as a PDF under the union's letterhead. */
export async function memberStatementPdf(db: DbOrTx, statement: MemberStatement) {
  return unionDocumentPdf(db, memberStatementDocument(statement, todayInTanzania()));
}

/** The file name of a member's statement, without extension. */
export const statementFileName = (s: MemberStatement) =>
  `MEMBER-STATEMENT-${s.member.memberNo.replace(/[^\w-]+/g, '-')}`;

/** The statement's payments as spreadsheet columns. */
export const STATEMENT_COLUMNS: ExportColumn<MemberStatementLine>[] = [
  { header: 'Date', value: (r) => r.paidOn },
  { header: 'Receipt', value: (r) => r.receiptNo },
  { header: 'Kind', value: (r) => r.kind, label: 'members.kinds' },
  { header: 'Amount', value: (r) => r.amount },
  { header: 'Shares paid', value: (r) => r.sharesPaidAfter },
  { header: 'Entrance fee paid', value: (r) => r.feesPaidAfter },
  { header: 'Reference', value: (r) => r.reference },
];
