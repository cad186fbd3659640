import type { OpeningImport } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { checkOpeningFile, type OpeningUpload } from './check-opening.ts';
import { openingImportView } from './queries.ts';
import { openingImports, openingRecords } from './schema.ts';

const SAME_FILE = {
  opening_imports_same_file_unique: { field: 'file', message: 'This file is already imported' },
  opening_imports_one_trial_balance_unique: {
    field: 'file',
    message: 'This book already has an opening trial balance: reverse it to import another',
  },
};

/**
 * Imports an opening file whole or not at all: the rows are checked again under the book's lock,
 * any refused row or a file-wide problem (an unbalanced trial balance) refuses the file, and the
 * import, its records and its posting are written in one transaction.
 */
export async function importOpening(db: Db, actor: Actor, upload: OpeningUpload): Promise<OpeningImport> {
  const id = await db.transaction(async (tx) => {
    const { book, checked, preview, hash } = await checkOpeningFile(tx, upload, true);
    if (preview.problem) throw new ValidationError(preview.problem, { file: [preview.problem] });
    const importId = uuidv7();
    await explainConstraints(SAME_FILE, () =>
      tx.insert(openingImports).values({
        id: importId,
        book,
        kind: upload.kind,
        fileName: upload.fileName,
        fileHash: hash,
        rows: preview.accepted,
        total: checked.totalDebit.toFixed(2),
        createdBy: actor.userId,
      }),
    );
    const { entryId, records } = await checked.apply(tx, actor, importId);
    if (entryId) await tx.update(openingImports).set({ entryId }).where(eq(openingImports.id, importId));
    if (records.length > 0)
      await tx
        .insert(openingRecords)
        .values(records.map((r) => ({ importId, recordType: r.type, recordId: r.id })));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'imported',
      entity: 'opening_import',
      entityId: importId,
      after: {
        kind: upload.kind,
        book,
        fileName: upload.fileName,
        rows: preview.accepted,
        total: preview.totalDebit,
      },
    });
    return importId;
  });
  return openingImportView(db, id);
}
