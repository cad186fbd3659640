import type { Db } from '../db/client.ts';
import { nextDocumentNumber } from './numbering.ts';

/** Test helpers: issue a number in its own transaction, or issue one and roll the transaction back. */
export const numbering = {
  issue: (db: Db, type: string, year: number) => db.transaction((tx) => nextDocumentNumber(tx, type, year)),
  issueThenFail: (db: Db, type: string, year: number) =>
    db.transaction(async (tx) => {
      await nextDocumentNumber(tx, type, year);
      throw new Error('rolled back');
    }),
};
