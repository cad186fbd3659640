import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestApp } from '../../../../test/harness.ts';
import { makeBuyer, makeBuyerLevy, makeLot, makeSalesSetup } from '../../../../test/sales-lots.ts';
import { journalEntries, journalLines } from '../../accounts/journal/schema.ts';
import { accounts } from '../../accounts/schema.ts';
import { lots } from '../../crop-flow/schema.ts';
import { issueInvoice } from './issue-invoice.ts';
import { salesInvoiceLines, salesInvoices } from './schema.ts';

let t: TestApp;
let admin: Session;
useTestApp((s) => {
  ({ t, admin } = s);
});

/** An invoice to the buyer dated 2 November 2026, out of any auction, issued by the administrator. */
const issue = (
  buyerId: string,
  lines: Parameters<typeof issueInvoice>[1]['lines'],
  more: { dueDate?: string } = {},
) =>
  t.db.transaction((tx) =>
    issueInvoice(tx, {
      buyerId,
      auctionId: null,
      invoiceDate: '2026-11-02',
      lines,
      actorId: admin.userId,
      ...more,
    }),
  );

describe('issueInvoice', () => {
  it('adds buyer levies as lines, dates the due date from the setting, posts Dr receivable / Cr proceeds and beneficiaries', async () => {
    const setup = await makeSalesSetup(t.db);
    const levy = await makeBuyerLevy(t.db, setup, {
      name: 'Crop board levy',
      basis: 'percent_of_gross',
      rate: '1.5',
    });
    await makeBuyerLevy(t.db, setup, { name: 'Export handling', basis: 'per_kg', rate: '2.5', order: 2 });
    const buyer = await makeBuyer(t.db);
    const a = await makeLot(t.db, setup, { netKg: '1000.000', status: 'catalogued' });
    const b = await makeLot(t.db, setup, { netKg: '333.333', status: 'catalogued' });
    const r = await issue(buyer.id, [
      { lotId: a.id, description: 'Lot A', kg: '1000.000', pricePerKg: '2150.00' },
      { lotId: b.id, description: 'Lot B', kg: '333.333', pricePerKg: '2150.55' },
    ]);
    // Lot A 2,150,000.00; lot B 333.333 x 2150.55 = 716,849.28315 -> 716,849.28.
    // Levy 1.5%: 32,250.00 + 10,752.74 (10752.7392) = 43,002.74; handling 2.5/kg: 2,500.00 + 833.33 = 3,333.33.
    expect(r.total).toBe('2913185.35');
    expect(r.invoiceNo).toMatch(/^SI-2026-\d{6}$/);
    const [inv] = await t.db.select().from(salesInvoices).where(eq(salesInvoices.id, r.id));
    expect(inv).toMatchObject({
      dueDate: '2026-11-06',
      status: 'issued',
      subtotal: '2866849.28',
      leviesTotal: '46336.07',
      total: '2913185.35',
      paidAmount: '0.00',
    });
    const lines = await t.db
      .select()
      .from(salesInvoiceLines)
      .where(eq(salesInvoiceLines.invoiceId, r.id))
      .orderBy(salesInvoiceLines.lineNo);
    expect(lines.map((l) => [l.kind, l.description, l.amount, l.beneficiaryId])).toEqual([
      ['lot', 'Lot A', '2150000.00', null],
      ['lot', 'Lot B', '716849.28', null],
      ['buyer_levy', 'Crop board levy', '43002.74', levy.beneficiaryId],
      ['buyer_levy', 'Export handling', '3333.33', expect.any(String)],
    ]);
    const posted = await t.db
      .select({ code: accounts.code, debit: journalLines.debit, credit: journalLines.credit })
      .from(journalLines)
      .innerJoin(accounts, eq(accounts.id, journalLines.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
      .where(eq(journalEntries.id, inv?.journalEntryId ?? ''))
      .orderBy(journalLines.lineNo);
    expect(posted).toEqual([
      { code: '1201', debit: '2913185.35', credit: '0.00' },
      { code: '2201', debit: '0.00', credit: '2866849.28' },
      { code: expect.any(String), debit: '0.00', credit: '46336.07' },
    ]);
    // A lot is invoiced once.
    await expect(
      issue(buyer.id, [{ lotId: a.id, description: 'Lot A again', kg: '1000.000', pricePerKg: '2150.00' }]),
    ).rejects.toThrow(/already on invoice SI-2026-/);
    // Lot statuses are the auction close's business.
    const statuses = await t.db.select({ status: lots.status }).from(lots).where(eq(lots.id, a.id));
    expect(statuses).toEqual([{ status: 'catalogued' }]);
  });

  it('takes an explicit due date and refuses one before the invoice date', async () => {
    const buyer = await makeBuyer(t.db);
    const r = await issue(
      buyer.id,
      [{ lotId: null, description: 'Empty bags', kg: '10', pricePerKg: '0.5' }],
      { dueDate: '2026-11-30' },
    );
    expect(r.total).toBe('5.00');
    await expect(
      issue(buyer.id, [{ lotId: null, description: 'Empty bags', kg: '10', pricePerKg: '0.5' }], {
        dueDate: '2026-11-01',
      }),
    ).rejects.toThrow(/due date/);
  });
});
