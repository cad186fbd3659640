import type { StatementBook } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import JSZip from 'jszip';
import type { DbOrTx } from '../../../db/client.ts';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { grouped } from '../../../platform/document-pdf.ts';
import { loadExcelJs } from '../../../platform/heavy-modules.ts';
import { formatDate, type Lang, translate } from '../../../platform/labels.ts';
import { getFinancialYearRow } from '../../financial-years/queries.ts';
import { budgetVsActual } from '../budgets/budget-vs-actual.ts';
import { budgets } from '../budgets/schema.ts';
import { getReconciliation } from '../reconciliations/get-reconciliation.ts';
import { bankReconciliations } from '../reconciliations/schema.ts';
import { addReconciliationSheet, reconciliationPdf } from '../reconciliations/statement-files.ts';
import { controlAccounts } from '../reports/control-accounts.ts';
import {
  addReportSheet,
  budgetVsActualFile,
  controlAccountsFile,
  reportPdf,
  trialBalanceFile,
} from '../reports/report-files.ts';
import { trialBalance } from '../reports/trial-balance.ts';
import { accounts } from '../schema.ts';
import { JOURNAL_LIMIT, journalAboveThreshold, journalFile } from './audit-pack-journal.ts';
import { cashFlowsStatement } from './cash-flows.ts';
import { changesInFundsStatement } from './changes-in-funds.ts';
import { financialPositionStatement } from './financial-position.ts';
import { incomeAndExpenditureStatement } from './income-and-expenditure.ts';
import { statementLabel } from './statement-context.ts';
import {
  cashFlowDocument,
  changesDocument,
  incomeDocument,
  positionDocument,
  type StatementDocument,
} from './statement-document.ts';
import { addStatementSheet, sheetName, statementsPdf } from './statement-files.ts';

type Year = Awaited<ReturnType<typeof getFinancialYearRow>>;
/** One file of the pack: its name in the zip and what it holds, for the contents sheet. */
type Entry = { file: string; content: string; body: () => Promise<Buffer> };

const BOOKS: StatementBook[] = ['union', 'collection', 'operation'];
const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_');

/** The four statements of a book over the year, with the previous year beside them. */
export async function bookStatements(
  db: DbOrTx,
  lang: Lang,
  book: StatementBook,
  year: Year,
): Promise<StatementDocument[]> {
  const period = { book, from: year.startDate, to: year.endDate, compare: 'previous-year' as const };
  return [
    positionDocument(
      lang,
      await financialPositionStatement(db, { book, asAt: year.endDate, compare: 'previous-year' }),
    ),
    incomeDocument(lang, await incomeAndExpenditureStatement(db, period)),
    cashFlowDocument(lang, await cashFlowsStatement(db, period)),
    changesDocument(lang, await changesInFundsStatement(db, period)),
  ];
}

/** The reports beside the statements: trial balances, control accounts, budgets, reconciliations. */
async function reports(db: DbOrTx, lang: Lang, year: Year) {
  const trial = await Promise.all(
    (['collection', 'operation'] as const).map(async (book) => {
      const tb = await trialBalance(db, {
        book,
        from: year.startDate,
        asAt: year.endDate,
        beforeClosing: true,
      });
      return trialBalanceFile(
        tb,
        statementLabel(lang, 'packSheets.trialBalance', { book: statementLabel(lang, `books.${book}`) }),
      );
    }),
  );
  const control = await controlAccounts(db);
  const controlFile = controlAccountsFile(
    control,
    statementLabel(lang, 'packSheets.controlAccounts', { date: formatDate(lang, control.asAt) }),
  );
  const yearBudgets = await db
    .select({ id: budgets.id, number: budgets.number, name: budgets.name })
    .from(budgets)
    .where(eq(budgets.financialYearId, year.id))
    .orderBy(budgets.number);
  const budgetFiles = await Promise.all(
    yearBudgets.map(async (b) =>
      budgetVsActualFile(
        await budgetVsActual(db, b.id),
        `${statementLabel(lang, 'files.budget')}_${safe(b.number)}`,
        statementLabel(lang, 'packSheets.budget', { budget: `${b.number} ${b.name}` }),
      ),
    ),
  );
  return { trial, controlFile, budgetFiles };
}

/** Each bank and cash account's last reconciliation of the year (on or before its last day). */
async function yearEndReconciliations(db: DbOrTx, year: Year) {
  const banks = await db
    .select({ id: accounts.id, code: accounts.code, book: accounts.book })
    .from(accounts)
    .where(eq(accounts.isBankOrCash, true))
    .orderBy(accounts.book, accounts.code);
  const found = [];
  for (const bank of banks) {
    const [last] = await db
      .select({ id: bankReconciliations.id })
      .from(bankReconciliations)
      .where(
        and(
          eq(bankReconciliations.accountId, bank.id),
          gte(bankReconciliations.statementDate, year.startDate),
          lte(bankReconciliations.statementDate, year.endDate),
        ),
      )
      .orderBy(desc(bankReconciliations.statementDate))
      .limit(1);
    found.push({ bank, reconciliation: last ? await getReconciliation(db, last.id) : null });
  }
  return found;
}

const BOOK_FILE: Record<StatementBook, string> = {
  union: 'UNION',
  collection: 'COLLECTION',
  operation: 'OPERATION',
};

/**
 * The auditors' pack of a financial year, one zip in the reader's language: an xlsx workbook
 * (contents, the four statements of the union and of each book with the previous year beside
 * them, the trial balances before the closing entries, the control accounts, budget against actual,
 * the bank reconciliations at the year end and the journal entries of at least `threshold`) and
 * the same as PDFs under the union's letterhead.
 */
export async function auditPack(
  db: DbOrTx,
  input: { financialYearId: string; threshold: string; lang: Lang; letterhead: Letterhead },
): Promise<{ name: string; body: Buffer }> {
  const { lang } = input;
  const year = await getFinancialYearRow(db, input.financialYearId);
  const label = (key: string, values?: Record<string, string>) => statementLabel(lang, key, values);
  const statements = await Promise.all(
    BOOKS.map(async (book) => ({ book, docs: await bookStatements(db, lang, book, year) })),
  );
  const { trial, controlFile, budgetFiles } = await reports(db, lang, year);
  const reconciliations = await yearEndReconciliations(db, year);
  const journal = await journalAboveThreshold(db, year, input.threshold);
  const journalTitle = label('packSheets.journal', { threshold: grouped(input.threshold) });
  const capped =
    journal.entries > JOURNAL_LIMIT
      ? [label('packSheets.journalCapped', { count: String(JOURNAL_LIMIT) })]
      : [];
  const journalReport = journalFile(journal.lines, journalTitle, [`${year.name}`, ...capped]);

  const pdfs: Entry[] = [
    ...statements.map(({ book, docs }, i) => ({
      file: `0${i + 1}_${label('files.statements')}_${BOOK_FILE[book]}.pdf`,
      content: `${label('title')}: ${label(`books.${book}`)}`,
      body: () => statementsPdf(lang, input.letterhead, docs),
    })),
    ...trial.map((file, i) => ({
      file: `0${i + 4}_${label('files.trialBalance')}_${BOOK_FILE[i === 0 ? 'collection' : 'operation']}.pdf`,
      content: file.title,
      body: () => reportPdf(file, input.letterhead),
    })),
    {
      file: `06_${label('files.controlAccounts')}.pdf`,
      content: controlFile.title,
      body: () => reportPdf(controlFile, input.letterhead),
    },
    ...budgetFiles.map((file) => ({
      file: `07_${file.name}.pdf`,
      content: file.title,
      body: () => reportPdf(file, input.letterhead),
    })),
    ...reconciliations.flatMap(({ bank, reconciliation }) =>
      reconciliation
        ? [
            {
              file: `08_${label('files.reconciliation')}_${BOOK_FILE[bank.book]}_${safe(bank.code)}.pdf`,
              content: label('packSheets.reconciliation', {
                account: `${reconciliation.accountCode} ${reconciliation.accountName}`,
                date: formatDate(lang, reconciliation.statementDate),
              }),
              body: () => reconciliationPdf(reconciliation, input.letterhead),
            },
          ]
        : [],
    ),
    {
      file: `09_${label('files.journal')}.pdf`,
      content: journalTitle,
      body: () => reportPdf(journalReport, input.letterhead),
    },
  ];

  const workbook = new (await loadExcelJs()).Workbook();
  const contents = workbook.addWorksheet(label('files.contents'));
  const workbookName = `${label('files.workbook')}_${safe(year.name)}.xlsx`;
  for (const { book, docs } of statements) {
    for (const doc of docs)
      addStatementSheet(
        lang,
        workbook,
        doc,
        `${label(`shortBooks.${book}`)} · ${translate(lang, `screens.${doc.kind}`) ?? doc.title}`,
      );
  }
  for (const file of trial) addReportSheet(workbook, sheetName(workbook, file.title), file);
  addReportSheet(workbook, sheetName(workbook, controlFile.title), controlFile);
  for (const file of budgetFiles) addReportSheet(workbook, sheetName(workbook, file.title), file);
  for (const { bank, reconciliation } of reconciliations) {
    if (reconciliation)
      addReconciliationSheet(
        workbook,
        sheetName(workbook, `${label('files.reconciliation')} ${bank.book} ${bank.code}`),
        reconciliation,
      );
  }
  addReportSheet(workbook, sheetName(workbook, journalTitle), journalReport);
  contents.columns = [{ width: 48 }, { width: 90 }];
  contents.addRow([`${label('auditPack')}: ${year.name}`]).font = { bold: true, size: 13 };
  contents.addRow([
    label('packSheets.generated', {
      date: formatDate(lang, todayInTanzania()),
      year: year.name,
    }),
  ]);
  contents.addRow([]);
  contents.addRow([label('packSheets.file'), label('packSheets.content')]).font = { bold: true };
  contents.addRow([
    workbookName,
    workbook.worksheets
      .slice(1)
      .map((w) => w.name)
      .join('; '),
  ]);
  for (const pdf of pdfs) contents.addRow([pdf.file, pdf.content]);
  for (const { bank, reconciliation } of reconciliations) {
    if (!reconciliation) contents.addRow([`${bank.book} ${bank.code}`, label('packSheets.noReconciliation')]);
  }

  const zip = new JSZip();
  zip.file(workbookName, Buffer.from(await workbook.xlsx.writeBuffer()));
  for (const pdf of pdfs) zip.file(pdf.file, await pdf.body());
  return {
    name: `${label('files.workbook')}_${safe(year.name)}`,
    body: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}
