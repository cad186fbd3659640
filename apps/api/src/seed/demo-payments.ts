import {
  createBuyerReceiptBody,
  createReleaseNoteBody,
  markBatchPaidBody,
  settlementSelection,
} from '@ushirika/contracts';
import { type Dec, dec, sum } from '@ushirika/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accountMappings } from '../modules/accounts/schema.ts';
import { lots } from '../modules/crop-flow/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../modules/sales/invoices/schema.ts';
import { createBuyerReceipt } from '../modules/sales/receipts/create-buyer-receipt.ts';
import { createReleaseNote } from '../modules/sales/release-notes/create-release-note.ts';
import { approveBatch } from '../modules/settlement/payments/approve-batch.ts';
import { exportBatch } from '../modules/settlement/payments/export-batch.ts';
import { markBatchPaid } from '../modules/settlement/payments/mark-batch-paid.ts';
import { paymentSettingsOf } from '../modules/settlement/payments/queries.ts';
import { updatePaymentSettings } from '../modules/settlement/payments/update-payment-settings.ts';
import { approveSettlement } from '../modules/settlement/runs/approve-settlement.ts';
import { createSettlement } from '../modules/settlement/runs/create-settlement.ts';
import { paymentBatches, paymentLines } from '../modules/settlement/schema.ts';
import type { Actor } from '../platform/access.ts';
import type { DemoAuction } from './demo-auctions.ts';
import { addDays, type DemoActors, earlier, type Random } from './demo-sales-support.ts';

/**
 * The money after the auctions, through the same use cases as the screens: the buyers of the first
 * auction pay (all in full but one; one pays a round sum and keeps a credit), half of the second
 * auction's buyers pay part, the third is unpaid, so the aged report has more than one bucket. Two
 * paid buyers collect lots on release notes. The first auction's paid lots are settled by the
 * settlement officer and approved by the finance manager; the administrator approves the farmers'
 * batch, the settlement officer exports it and marks it paid with two lines refused by the bank;
 * the AMCOS and beneficiaries' batches are approved and the transporters' left in draft.
 */

export type DemoPayments = {
  receipts: number;
  received: string;
  credit: string;
  releaseNotes: number;
  releasedLots: number;
  settlement: {
    settlementNo: string;
    lots: number;
    farmers: number;
    gross: string;
    farmersNet: string;
  } | null;
  farmerLines: { paid: number; failed: number };
  batches: string;
};

const BANKS = ['CRDB', 'NMB', 'NBC'];
const REFUSALS = {
  mobile: 'Mobile money wallet not registered to this name',
  bank: 'Account closed: returned by the bank',
} as const;
const roundDown = (amount: Dec, step: number) => amount.div(step).floor().times(step).toFixed(2);

/**
 * What the buyer of invoice `j` (of `count`) of auction `k` has paid, and how much of it went to
 * the invoice: the first auction's in full but the last (60%), its first buyer with a round
 * transfer above the invoice (the rest is their credit); half the second auction's in part; the
 * third's nothing yet.
 */
function payment(k: number, j: number, count: number, total: string, rnd: Random) {
  if (k === 0 && j === 0) {
    const round = dec(total).div(1_000_000).ceil().plus(1).times(1_000_000);
    return { amount: round.toFixed(2), allocate: total };
  }
  const part = (percent: number) => {
    const amount = roundDown(dec(total).times(percent).div(100), 100_000);
    return { amount, allocate: amount };
  };
  if (k === 0) return j === count - 1 ? part(60) : { amount: total, allocate: total };
  if (k === 1 && j < Math.ceil(count / 2)) return part(rnd.int(35, 70));
  return null;
}

export async function loadDemoPayments(
  db: Db,
  input: { auctions: DemoAuction[]; actors: DemoActors; today: string; rnd: Random },
): Promise<DemoPayments> {
  const { actors, today, rnd } = input;
  const officer = actors.settlementOfficer;
  const [bank] = await db
    .select({ id: accountMappings.accountId })
    .from(accountMappings)
    .where(eq(accountMappings.key, 'collection_bank'));
  if (!bank) throw new Error('The Collection book has no mapped bank account (collection_bank)');

  // Receipts dated a few days after the auction, each allocated to its invoice.
  const paidOn = new Map<string, string>();
  const amounts: string[] = [];
  let credit = dec(0);
  for (const [k, auction] of input.auctions.entries()) {
    const invoices = await db
      .select({
        id: salesInvoices.id,
        buyerId: salesInvoices.buyerId,
        total: salesInvoices.total,
        invoiceDate: salesInvoices.invoiceDate,
      })
      .from(salesInvoices)
      .where(eq(salesInvoices.auctionId, auction.id))
      .orderBy(asc(salesInvoices.invoiceNo));
    for (const [j, invoice] of invoices.entries()) {
      const pays = payment(k, j, invoices.length, invoice.total, rnd);
      if (!pays) continue;
      const receiptDate = earlier(addDays(invoice.invoiceDate, 2 + (j % 4)), today);
      await createBuyerReceipt(
        db,
        officer,
        createBuyerReceiptBody.parse({
          buyerId: invoice.buyerId,
          receiptDate,
          bankAccountId: bank.id,
          amount: pays.amount,
          reference: `${BANKS[j % BANKS.length]} TT ${receiptDate.replaceAll('-', '')}/${rnd.int(10_000, 99_999)}`,
          allocations: [{ invoiceId: invoice.id, amount: pays.allocate }],
        }),
      );
      amounts.push(pays.amount);
      credit = credit.plus(dec(pays.amount).minus(pays.allocate));
      if (pays.allocate === invoice.total) paidOn.set(invoice.id, receiptDate);
    }
  }

  // Release notes: two buyers of the first auction who paid in full take their lots (the second
  // only half of them so far).
  let releaseNotes = 0;
  let releasedLots = 0;
  for (const [n, [invoiceId, receiptDate]] of [...paidOn].slice(0, 2).entries()) {
    const lines = await db
      .select({ lotId: lots.id, warehouseId: lots.warehouseId, buyerId: salesInvoices.buyerId })
      .from(salesInvoiceLines)
      .innerJoin(salesInvoices, eq(salesInvoices.id, salesInvoiceLines.invoiceId))
      .innerJoin(lots, eq(lots.id, salesInvoiceLines.lotId))
      .where(and(eq(salesInvoiceLines.invoiceId, invoiceId), eq(salesInvoiceLines.kind, 'lot')))
      .orderBy(asc(lots.lotNo));
    // A release note is for one warehouse: the lots in the first lot's.
    const lotIds = lines.filter((l) => l.warehouseId === lines[0]?.warehouseId).map((l) => l.lotId);
    const taken = n === 0 ? lotIds : lotIds.slice(0, Math.max(1, Math.floor(lotIds.length / 2)));
    const buyerId = lines[0]?.buyerId;
    if (!buyerId || taken.length === 0) continue;
    await createReleaseNote(
      db,
      officer,
      createReleaseNoteBody.parse({
        buyerId,
        releaseDate: earlier(addDays(receiptDate, 2), today),
        lotIds: taken,
        collectorName: ['Musa Hamad Nalinga', 'Peter Joseph Mrema'][n],
        vehiclePlate: ['T 614 DKL', 'T 208 DGX'][n],
        remarks: 'Loaded for export',
      }),
    );
    releaseNotes += 1;
    releasedLots += taken.length;
  }

  const summary = {
    receipts: amounts.length,
    received: sum(amounts).toFixed(2),
    credit: credit.toFixed(2),
    releaseNotes,
    releasedLots,
  };
  const first = input.auctions[0];
  if (!first || paidOn.size === 0)
    return { ...summary, settlement: null, farmerLines: { paid: 0, failed: 0 }, batches: 'none' };
  return { ...summary, ...(await settleFirstAuction(db, { first, paidOn, actors, today, rnd })) };
}

async function settleFirstAuction(
  db: Db,
  input: { first: DemoAuction; paidOn: Map<string, string>; actors: DemoActors; today: string; rnd: Random },
): Promise<Pick<DemoPayments, 'settlement' | 'farmerLines' | 'batches'>> {
  const { actors, today } = input;
  const lastPaid = [...input.paidOn.values()].sort().at(-1) ?? input.first.date;
  const settledOn = earlier(addDays(lastPaid, 3), today);
  const draft = await createSettlement(db, actors.settlementOfficer, {
    selection: settlementSelection.parse({
      auctionId: input.first.id,
      settledOn,
      remarks: `Paid lots of ${input.first.auctionNo}`,
    }),
  });
  const settlement = await approveSettlement(db, actors.financeManager, { id: draft.id });

  const batches = await db
    .select({ id: paymentBatches.id, partyType: paymentBatches.partyType })
    .from(paymentBatches)
    .where(eq(paymentBatches.settlementId, settlement.id))
    .orderBy(asc(paymentBatches.batchNo));
  const states: string[] = [];
  let farmerLines = { paid: 0, failed: 0 };
  for (const batch of batches) {
    if (batch.partyType === 'transporter') {
      states.push('transporters draft');
      continue;
    }
    await approveBatch(db, actors.administrator, { id: batch.id });
    if (batch.partyType !== 'farmer') {
      states.push(`${batch.partyType === 'amcos' ? 'AMCOS' : 'beneficiaries'} approved`);
      continue;
    }
    farmerLines = await payFarmers(db, { batchId: batch.id, settledOn, actors, today, rnd: input.rnd });
    states.push(`farmers paid (${farmerLines.paid} lines, ${farmerLines.failed} failed)`);
  }
  return {
    settlement: {
      settlementNo: settlement.settlementNo,
      lots: settlement.lotCount,
      farmers: settlement.farmerCount,
      gross: settlement.gross,
      farmersNet: settlement.farmersNet,
    },
    farmerLines,
    batches: states.join(', '),
  };
}

/**
 * Exports the farmers' batch (both layouts, as the officer downloads both files) and marks it paid
 * with two lines the bank refused, the farmers' SMS switched off meanwhile (withFarmerSmsOff).
 */
async function payFarmers(
  db: Db,
  input: { batchId: string; settledOn: string; actors: DemoActors; today: string; rnd: Random },
): Promise<{ paid: number; failed: number }> {
  const { actors, batchId } = input;
  const officer = actors.settlementOfficer;
  await exportBatch(db, officer, { id: batchId, layout: 'mobile' });
  await exportBatch(db, officer, { id: batchId, layout: 'bank' });
  const lines = await db
    .select({ id: paymentLines.id, method: paymentLines.method })
    .from(paymentLines)
    .where(and(eq(paymentLines.batchId, batchId), ne(paymentLines.method, 'none')))
    .orderBy(asc(paymentLines.reference));
  const failed = [...new Set([0, 1].map(() => lines[input.rnd.int(0, lines.length - 1)]))].flatMap((line) =>
    line ? [{ lineId: line.id, reason: line.method === 'bank' ? REFUSALS.bank : REFUSALS.mobile }] : [],
  );
  const paidOn = earlier(addDays(input.settledOn, 2), input.today);
  await withFarmerSmsOff(db, actors.administrator, () =>
    markBatchPaid(db, officer, {
      id: batchId,
      body: markBatchPaidBody.parse({
        paidOn,
        bankReference: `CRDB BULK ${paidOn.replaceAll('-', '')}/0147`,
        failed,
      }),
    }),
  );
  const counted = await db
    .select({ status: paymentLines.status })
    .from(paymentLines)
    .where(eq(paymentLines.batchId, batchId));
  return {
    paid: counted.filter((l) => l.status === 'paid').length,
    failed: counted.filter((l) => l.status === 'failed').length,
  };
}

/**
 * Runs `work` with the farmers' "you were paid" SMS switched off, then puts the setting back: the
 * demo farmers' phone numbers are made up, and the outbox would otherwise text them all.
 */
export async function withFarmerSmsOff<T>(db: Db, administrator: Actor, work: () => Promise<T>): Promise<T> {
  const settings = await paymentSettingsOf(db);
  const quiet = settings.smsFarmers;
  if (quiet) await updatePaymentSettings(db, administrator, { ...settings, smsFarmers: false });
  try {
    return await work();
  } finally {
    if (quiet) await updatePaymentSettings(db, administrator, settings);
  }
}
