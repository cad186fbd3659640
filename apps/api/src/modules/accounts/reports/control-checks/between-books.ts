import { sql } from 'drizzle-orm';
import type { ControlCheckDefinition } from './check.ts';

/**
 * What the Collection book owes the Operation book equals what the Operation book is owed by it:
 * every posting spanning the books moves both by the same amount.
 */
export const dueBetweenBooks: ControlCheckDefinition = {
  key: 'due_between_books',
  name: 'Due to Operation = due from Collection',
  book: 'both',
  control: ['due_to_operation'],
  side: 'credit',
  subledger: 'Due from Collection (Operation book)',
  subledgerSql: sql`select sum(b.debit - b.credit) from account_period_balances b
    join account_mappings m on m.account_id = b.account_id where m.key = 'due_from_collection'`,
};
