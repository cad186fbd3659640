import type { Appropriation, Budget } from '@ushirika/contracts';
import { dateInTanzania, sum } from '@ushirika/domain';
import { and, asc, desc, eq, gt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { codeLabel, formatDate, type Lang, translate } from '../../../platform/labels.ts';
import { getBudget } from '../../accounts/budgets/queries.ts';
import { budgets } from '../../accounts/budgets/schema.ts';
import { bookStatements } from '../../accounts/statements/audit-pack.ts';
import { statementLabel } from '../../accounts/statements/statement-context.ts';
import type { DocumentRow, StatementDocument } from '../../accounts/statements/statement-document.ts';
import { statementsPdf } from '../../accounts/statements/statement-files.ts';
import { getFinancialYearRow } from '../../financial-years/queries.ts';
import { financialYears } from '../../financial-years/schema.ts';
import { listMembers } from '../register/queries.ts';
import { getAppropriation } from './queries.ts';
import { appropriations } from './schema.ts';

type Year = Awaited<ReturnType<typeof getFinancialYearRow>>;
/** The pack's own words (`statements.agm.*`), values filled in. */
const agm = (lang: Lang, key: string, values?: Record<string, string>) =>
  statementLabel(lang, `agm.${key}`, values);
/** A screen's label in the reader's language (the register's and the appropriation's columns). */
const word = (lang: Lang, key: string) => translate(lang, key) ?? key;
const amounts = (lang: Lang) => statementLabel(lang, 'notes.amounts');
const ALL = { limit: 1_000_000, offset: 0 };

/** (1) The union's register: each AMCOS with its shares and entrance fee, and the register's totals. */
async function registerDocument(
  db: DbOrTx,
  actor: Actor,
  lang: Lang,
  printedOn: string,
): Promise<StatementDocument> {
  const { rows, totals } = await listMembers(db, actor, { society: 'union' }, ALL);
  return {
    kind: 'member_register',
    name: 'UNION_MEMBER_REGISTER',
    title: agm(lang, 'register'),
    subtitle: [agm(lang, 'registerOn', { date: formatDate(lang, printedOn) }), amounts(lang)],
    headers: ['joined', 'sharesSubscribed', 'sharesPaid', 'entranceFeePaid', 'status.title'].map((k) =>
      word(lang, `members.${k}`),
    ),
    rows: [
      ...rows.map(
        (m): DocumentRow => ({
          style: 'line',
          label: `${m.memberNo} ${m.name}`,
          values: [
            m.joinedOn,
            m.sharesSubscribed,
            m.sharesPaid,
            m.entranceFeePaid,
            word(lang, `members.status.${m.status}`),
          ],
        }),
      ),
      {
        style: 'grand',
        label: agm(lang, 'registerTotal', { members: String(totals.members) }),
        values: [null, totals.sharesSubscribed, totals.sharesPaid, totals.entranceFeePaid, null],
      },
    ],
    notes: rows.length === 0 ? [word(lang, 'members.empty')] : [],
  };
}

/** The year's appropriation before the AGM: the latest proposed or approved one, none when all were rejected. */
async function yearAppropriation(db: DbOrTx, year: Year): Promise<Appropriation | null> {
  const [latest] = await db
    .select({ id: appropriations.id })
    .from(appropriations)
    .where(and(eq(appropriations.financialYearId, year.id), ne(appropriations.status, 'rejected')))
    .orderBy(desc(appropriations.proposedAt), desc(appropriations.id))
    .limit(1);
  return latest ? getAppropriation(db, latest.id) : null;
}

/** (3) The appropriation proposal: its figures, then its lines per AMCOS; a page saying so when there is none. */
function appropriationDocuments(lang: Lang, year: Year, a: Appropriation | null): StatementDocument[] {
  const title = agm(lang, 'appropriation', { year: year.name });
  if (!a)
    return [
      {
        kind: 'appropriation',
        name: 'APPROPRIATION',
        title,
        subtitle: [],
        headers: [],
        rows: [],
        notes: [agm(lang, 'noAppropriation')],
      },
    ];
  const status = agm(lang, 'appropriationStatus', {
    no: a.appropriationNo,
    status: codeLabel(lang, 'status', a.status),
    date: formatDate(lang, dateInTanzania(a.proposedAt)),
    name: a.proposedBy ?? '',
  });
  const line = (label: string, amount: string): DocumentRow => ({ style: 'line', label, values: [amount] });
  return [
    {
      kind: 'appropriation',
      name: `APPROPRIATION_${a.appropriationNo}`,
      title,
      subtitle: [status, `${word(lang, 'appropriations.season')}: ${a.seasonName}`, amounts(lang)],
      headers: [word(lang, 'members.amount')],
      rows: [
        { style: 'total', label: word(lang, 'appropriations.surplus'), values: [a.surplus] },
        line(agm(lang, 'reserveLine', { percent: a.reservePercent }), a.reserve),
        line(agm(lang, 'dividendLine', { percent: a.dividendPercent }), a.dividend),
        line(agm(lang, 'bonusLine', { rate: a.bonusPerKg }), a.bonus),
        { style: 'grand', label: word(lang, 'appropriations.retained'), values: [a.retained] },
      ],
      notes: [],
    },
    {
      kind: 'appropriation',
      name: `APPROPRIATION_LINES_${a.appropriationNo}`,
      title: agm(lang, 'perAmcos', { no: a.appropriationNo }),
      subtitle: [status, amounts(lang)],
      headers: ['paidShares', 'kg', 'dividend', 'bonus', 'payable'].map((k) =>
        word(lang, `appropriations.${k}`),
      ),
      rows: [
        ...a.lines.map(
          (l): DocumentRow => ({
            style: 'line',
            label: `${l.memberNo} ${l.amcosName}`,
            values: [l.paidShares, l.kg, l.dividend, l.bonus, l.payable],
          }),
        ),
        {
          style: 'grand',
          label: agm(lang, 'linesTotal'),
          values: [null, null, a.dividend, a.bonus, sum([a.dividend, a.bonus]).toFixed(2)],
        },
      ],
      notes: a.lines.length === 0 ? [word(lang, 'appropriations.noLines')] : [],
    },
  ];
}

/** The financial year that starts after `year` ends (the one whose budget the AGM reads), if opened. */
async function nextYear(db: DbOrTx, year: Year): Promise<Year | undefined> {
  const [next] = await db
    .select()
    .from(financialYears)
    .where(gt(financialYears.startDate, year.endDate))
    .orderBy(asc(financialYears.startDate))
    .limit(1);
  return next;
}

/** (4) The next year's budgets, each with its lines by account and its total; a page saying so when none. */
async function budgetDocuments(db: DbOrTx, lang: Lang, year: Year): Promise<StatementDocument[]> {
  const next = await nextYear(db, year);
  const ids = next
    ? await db
        .select({ id: budgets.id })
        .from(budgets)
        .where(eq(budgets.financialYearId, next.id))
        .orderBy(asc(budgets.number))
    : [];
  if (ids.length === 0)
    return [
      {
        kind: 'budget',
        name: 'BUDGET',
        title: agm(lang, 'nextBudget'),
        subtitle: [],
        headers: [],
        rows: [],
        notes: [agm(lang, 'noBudget', { year: year.name })],
      },
    ];
  const found: Budget[] = [];
  for (const { id } of ids) found.push(await getBudget(db, id));
  return found.map((b) => ({
    kind: 'budget',
    name: `BUDGET_${b.number}`,
    title: agm(lang, 'budget', { year: b.financialYearName, number: b.number, name: b.name }),
    subtitle: [
      `${statementLabel(lang, `books.${b.book}`)} · ${codeLabel(lang, 'status', b.status)}`,
      amounts(lang),
    ],
    headers: [agm(lang, 'yearTotal')],
    rows: [
      ...b.lines.map(
        (l): DocumentRow => ({
          style: 'line',
          label: `${l.accountCode} ${l.accountName}`,
          values: [l.total],
        }),
      ),
      { style: 'grand', label: agm(lang, 'budgetTotal'), values: [b.total] },
    ],
    notes: [],
  }));
}

/**
 * The parts of a closed year's AGM pack, in the reader's language and in the order the meeting
 * reads them: the union's member register, the union's four statements of the year with the
 * previous year beside them, the appropriation proposal and the next year's budget. An open
 * year is refused: its surplus, and so the appropriation, is not final.
 */
export async function agmPackDocuments(
  db: DbOrTx,
  actor: Actor,
  input: { financialYearId: string; lang: Lang; printedOn: string },
): Promise<{ year: Year; docs: StatementDocument[] }> {
  const { lang } = input;
  const year = await getFinancialYearRow(db, input.financialYearId);
  if (year.status !== 'closed')
    throw new ConflictError(`${year.name} is still open: the AGM pack is of a closed year, close it first`);
  const docs = [
    await registerDocument(db, actor, lang, input.printedOn),
    ...(await bookStatements(db, lang, 'union', year)),
    ...appropriationDocuments(lang, year, await yearAppropriation(db, year)),
    ...(await budgetDocuments(db, lang, year)),
  ];
  return { year, docs };
}

/** The AGM pack as one A4 PDF under the union's letterhead; its file name without extension. */
export async function agmPack(
  db: DbOrTx,
  actor: Actor,
  input: { financialYearId: string; lang: Lang; printedOn: string; letterhead: Letterhead },
): Promise<{ name: string; body: Buffer }> {
  const { year, docs } = await agmPackDocuments(db, actor, input);
  const title = `${agm(input.lang, 'title')}: ${year.name}`;
  return {
    name: `${agm(input.lang, 'file')}_${year.name.replace(/[^A-Za-z0-9_-]+/g, '_')}`,
    body: await statementsPdf(input.lang, input.letterhead, docs, title),
  };
}
