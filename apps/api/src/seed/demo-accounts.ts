import { todayInTanzania } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../modules/accounts/schema.ts';
import { approvePaymentOrReceipt } from '../modules/accounts/vouchers/approve-payment-or-receipt.ts';
import { createPaymentOrReceipt } from '../modules/accounts/vouchers/create-payment-or-receipt.ts';
import { paymentVouchers } from '../modules/accounts/vouchers/schema.ts';
import { addDays, demoActors, later } from './demo-sales-support.ts';

export type DemoAccounts = { skipped: boolean; vouchers: number };

/** The first voucher's reference: the demo's own accounts are loaded once. */
const FIRST_REFERENCE = 'DEMO-INT-01';

type Voucher = {
  book: 'collection' | 'operation';
  type: 'Payment' | 'Receipt';
  daysAgo: number;
  partyName: string;
  narration: string;
  reference: string;
  lines: { code: string; amount: string; description: string }[];
};

/**
 * The year's own income and expenses that the crop and stores demos do not make, so that the
 * demo year's four financial statements (#28) have figures in both books: interest on the crop
 * collection account and its bank charges (Collection book: its income and expenditure, its
 * surplus), salaries and office rent (Operation book); the members' shares come through their
 * register (demo-members.ts).
 * Payment and receipt vouchers through the real use cases, made by the administrator and approved
 * by the finance manager. Skipped when the first is there, or when the default chart's accounts
 * are not.
 */
const VOUCHERS: Voucher[] = [
  {
    book: 'collection',
    type: 'Receipt',
    daysAgo: 40,
    partyName: 'CRDB Bank',
    narration: 'Interest on the crop collection account, quarter',
    reference: FIRST_REFERENCE,
    lines: [{ code: '4101', amount: '1245300.00', description: 'Interest for the quarter' }],
  },
  {
    book: 'collection',
    type: 'Payment',
    daysAgo: 39,
    partyName: 'CRDB Bank',
    narration: 'Bank charges on the crop collection account',
    reference: 'DEMO-CHG-01',
    lines: [{ code: '5301', amount: '186400.00', description: 'Ledger fees and transfer charges' }],
  },
  {
    book: 'operation',
    type: 'Payment',
    daysAgo: 25,
    partyName: 'Union staff',
    narration: 'Salaries for the month',
    reference: 'DEMO-SAL-01',
    lines: [{ code: '5201', amount: '4800000.00', description: 'Salaries and wages' }],
  },
  {
    book: 'operation',
    type: 'Payment',
    daysAgo: 24,
    partyName: 'Mtwara Municipal Council',
    narration: 'Office rent for the quarter',
    reference: 'DEMO-RNT-01',
    lines: [{ code: '5101', amount: '1200000.00', description: 'Office rent' }],
  },
];

export async function loadDemoAccounts(db: Db): Promise<DemoAccounts> {
  const none = { skipped: true, vouchers: 0 };
  const [existing] = await db
    .select({ id: paymentVouchers.id })
    .from(paymentVouchers)
    .where(eq(paymentVouchers.reference, FIRST_REFERENCE));
  const actors = await demoActors(db);
  if (existing || !actors) return none;
  const accountOf = async (book: Voucher['book'], code: string) => {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.book, book), eq(accounts.code, code)));
    return row?.id;
  };
  const today = todayInTanzania();
  const daysAgo = (n: number) => later(addDays(today, -n), `${today.slice(0, 4)}-01-01`);
  let vouchers = 0;
  for (const v of VOUCHERS) {
    const bank = await accountOf(v.book, '1101');
    const lines = [];
    for (const l of v.lines) {
      const accountId = await accountOf(v.book, l.code);
      if (accountId) lines.push({ accountId, amount: l.amount, description: l.description });
    }
    if (!bank || lines.length !== v.lines.length) continue;
    const draft = await createPaymentOrReceipt(db, actors.administrator, {
      type: v.type,
      voucherDate: daysAgo(v.daysAgo),
      bankAccountId: bank,
      partyName: v.partyName,
      narration: v.narration,
      reference: v.reference,
      lines,
    });
    await approvePaymentOrReceipt(db, actors.financeManager, { id: draft.id });
    vouchers++;
  }
  return { skipped: false, vouchers };
}
