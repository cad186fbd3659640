import type { OpeningPreview } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { checkOpeningFile, type OpeningUpload } from './check-opening.ts';

/** The dry run of an opening import: every row's fate and the totals; nothing is written. */
export async function previewOpeningImport(
  db: DbOrTx,
  _actor: Actor,
  upload: OpeningUpload,
): Promise<OpeningPreview> {
  return (await checkOpeningFile(db, upload)).preview;
}
