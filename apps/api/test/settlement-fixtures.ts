import { dec, round, sum, todayInTanzania } from '@ushirika/domain';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/rows.ts';
import { postBusinessEvent } from '../src/modules/accounts/journal/post-business-event.ts';
import { banks, councils } from '../src/modules/cooperative/schema.ts';
import { collections, deliveryNotes, lotSources, lots } from '../src/modules/crop-flow/schema.ts';
import { beneficiaries, deductionRules } from '../src/modules/deductions/schema.ts';
import { farmers } from '../src/modules/farmers/schema.ts';
import { salesInvoiceLines, salesInvoices } from '../src/modules/sales/invoices/schema.ts';
import { transporters } from '../src/modules/transporters/schema.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';
import { makeBuyer, makeLot, makeSalesSetup, one, type SalesSetup, tag } from './sales-lots.ts';

/**
 * Settlement test world written straight to the database (every constraint satisfied): farmers,
 * a delivery note with its transport charge, a lot made of the farmers' collections, and a fully
 * paid sales invoice for it. The crop-flow and sales endpoints make the same rows.
 */

/** A test app with the settlement roles: an Administrator, a Settlement Officer, a Finance Manager. */
export async function startSettlementApp(): Promise<{
  t: TestApp;
  admin: Session;
  officer: Session;
  finance: Session;
}> {
  const t = await startTestApp();
  const admin = await sessionAs(t, 'Administrator');
  const officer = await sessionAs(t, 'Settlement Officer');
  const finance = await sessionAs(t, 'Finance Manager');
  return { t, admin, officer, finance };
}

export type SettlementWorld = SalesSetup & { buyerId: string; transporterId: string; bankId: string };

export async function makeSettlementWorld(db: Db, opts: { amcosId?: string } = {}): Promise<SettlementWorld> {
  const setup = await makeSalesSetup(db, opts);
  const buyer = await makeBuyer(db);
  const t = one(
    await db
      .insert(transporters)
      .values({ name: `Haulage ${tag()}`, phone: '255713000111', rateBasis: 'per_kg', rate: '15' })
      .returning({ id: transporters.id }),
  );
  const bank = one(
    await db
      .insert(banks)
      .values({ name: `Bank ${tag()}`, shortCode: `B${tag()}` })
      .returning({ id: banks.id }),
  );
  return { ...setup, buyerId: buyer.id, transporterId: t.id, bankId: bank.id };
}

let farmerSeq = 0;

/** Farmers of the world's AMCOS: `bank` (account), `mobile` (phone only) or `none` (unpayable). */
export async function makeFarmers(
  db: Db,
  world: SettlementWorld,
  kinds: ('bank' | 'mobile' | 'none')[],
): Promise<{ id: string; farmerNo: string; name: string }[]> {
  const made = [];
  for (const kind of kinds) {
    farmerSeq += 1;
    const n = String(farmerSeq).padStart(5, '0');
    const row = one(
      await db
        .insert(farmers)
        .values({
          farmerNo: `T${tag().slice(0, 5)}-${n}`,
          amcosId: world.amcosId,
          firstName: `Farmer${n}`,
          lastName: 'Test',
          gender: 'Female',
          phone:
            kind === 'none' ? null : `2557${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`,
          bankId: kind === 'bank' ? world.bankId : null,
          accountNo: kind === 'bank' ? `01J${n}${tag().slice(0, 4)}` : null,
        })
        .returning({ id: farmers.id, farmerNo: farmers.farmerNo, firstName: farmers.firstName }),
    );
    made.push({ id: row.id, farmerNo: row.farmerNo, name: `${row.firstName} Test` });
  }
  return made;
}

export type PaidLotOptions = {
  /** The farmers' collections in the lot: farmer id and net kg. */
  collections: { farmerId: string; kg: string }[];
  /** Warehouse (sold) kg; defaults to the collections' sum. */
  netKg?: string;
  bags?: number;
  price: string;
  transportCharge?: string;
  auctionId?: string | null;
  /** Leave the invoice part-paid instead of paid. */
  partPaid?: boolean;
  /** The buyer-paid levies on the invoice (as the sales module computes them). */
  buyerLevies?: string;
  invoiceDate?: string;
};

/** One lot from one delivery note, sold on an invoice (paid unless `partPaid`). */
export async function makePaidLot(db: Db, world: SettlementWorld, o: PaidLotOptions) {
  const collectedKg = sum(o.collections.map((c) => c.kg)).toFixed(3);
  const netKg = o.netKg ?? collectedKg;
  const bags = o.bags ?? o.collections.length;
  const lot = await makeLotWithCollections(db, world, { ...o, collectedKg, netKg, bags });
  return sellLot(db, world, lot, { ...o, netKg });
}

async function makeLotWithCollections(
  db: Db,
  world: SettlementWorld,
  o: PaidLotOptions & { collectedKg: string; netKg: string; bags: number },
) {
  const { collectedKg, netKg, bags } = o;
  const t = tag();
  const dn = one(
    await db
      .insert(deliveryNotes)
      .values({
        dnNo: `DN-${t}`,
        amcosId: world.amcosId,
        seasonCropId: world.seasonCropId,
        warehouseId: world.warehouseId,
        transporterId: world.transporterId,
        vehiclePlate: 'T 123 ABC',
        driverName: 'Juma',
        status: 'receipted',
        bags,
        netKg: collectedKg,
        transportCharge: o.transportCharge ?? null,
        receivedBags: bags,
        receivedKg: netKg,
      })
      .returning({ id: deliveryNotes.id }),
  );
  const lot = await makeLot(db, world, { netKg, bags, collectedKg, status: 'sold' });
  await db.insert(lotSources).values({ lotId: lot.id, deliveryNoteId: dn.id, bags, netKg, collectedKg });
  let i = 0;
  for (const c of o.collections) {
    i += 1;
    await db.insert(collections).values({
      receiptNo: `RC-${t}-${i}`,
      collectedOn: '2026-10-15',
      seasonCropId: world.seasonCropId,
      amcosId: world.amcosId,
      farmerId: c.farmerId,
      gradeId: world.gradeId,
      bags: 1,
      grossKg: dec(c.kg).plus(1).toFixed(3),
      tareKg: '1.000',
      netKg: c.kg,
      moisture: '8.00',
      status: 'sold',
      deliveryNoteId: dn.id,
      lotId: lot.id,
    });
  }
  return lot;
}

/**
 * An invoice (paid unless `partPaid`) selling a lot already in store, e.g. one that came in at
 * go-live (#36); the lot is marked sold.
 */
export async function sellLot(
  db: Db,
  world: SettlementWorld,
  lot: { id: string; lotNo: string },
  o: Omit<PaidLotOptions, 'collections'> & { netKg: string },
) {
  const t = tag();
  const { netKg } = o;
  await db.update(lots).set({ status: 'sold' }).where(eq(lots.id, lot.id));
  await db
    .update(collections)
    .set({ status: 'sold' })
    .where(and(eq(collections.lotId, lot.id), eq(collections.status, 'in_lot')));
  const amount = round(dec(netKg).times(dec(o.price)), 2).toFixed(2);
  const levies = o.buyerLevies ?? '0.00';
  const total = dec(amount).plus(dec(levies)).toFixed(2);
  const invoiceDate = o.invoiceDate ?? todayInTanzania();
  const invoice = one(
    await db
      .insert(salesInvoices)
      .values({
        invoiceNo: `INV-${t}`,
        buyerId: world.buyerId,
        auctionId: o.auctionId ?? null,
        invoiceDate,
        dueDate: invoiceDate,
        status: o.partPaid ? 'part_paid' : 'paid',
        subtotal: amount,
        leviesTotal: levies,
        total,
        paidAmount: o.partPaid ? '1.00' : total,
      })
      .returning({ id: salesInvoices.id }),
  );
  await db.insert(salesInvoiceLines).values({
    invoiceId: invoice.id,
    lineNo: 1,
    kind: 'lot',
    lotId: lot.id,
    description: `Lot ${lot.lotNo}`,
    kg: netKg,
    pricePerKg: o.price,
    amount,
  });
  // The invoice's posting, as the sales module makes it: Dr receivable / Cr proceeds and levies.
  await db.transaction((tx) =>
    postBusinessEvent(tx, {
      type: 'sales_invoice',
      amount,
      buyerLevies: levies,
      date: invoiceDate,
      narration: `Invoice INV-${t}`,
      sourceType: 'sales_invoice',
      sourceId: invoice.id,
      actorId: null,
    }),
  );
  // What the buyer paid, as the receipts module posts it (Dr collection bank / Cr receivable), so
  // the receivable equals the open invoices (control accounts, #16).
  const paid = o.partPaid ? '1.00' : total;
  await db.transaction((tx) =>
    postBusinessEvent(tx, {
      type: 'buyer_receipt',
      amount: paid,
      date: invoiceDate,
      narration: `Receipt for INV-${t}`,
      sourceType: 'buyer_receipt',
      sourceId: invoice.id,
      actorId: null,
    }),
  );
  return { lotId: lot.id, lotNo: lot.lotNo, invoiceId: invoice.id, gross: amount };
}

/** A deduction rule of the world's season crop; a beneficiary rule gets a new beneficiary. */
export async function makeRule(
  db: Db,
  world: SettlementWorld,
  rule: {
    name: string;
    recipient: 'beneficiary' | 'amcos' | 'transporter';
    payer?: 'farmer' | 'buyer';
    basis: 'per_kg' | 'percent_of_gross' | 'per_bag' | 'fixed';
    rate: string;
    order?: number;
    kind?: 'council' | 'crop_board' | 'union' | 'other';
    /** The beneficiary is the union's own income (#16). */
    unionIncome?: boolean;
  },
): Promise<{ ruleId: string; beneficiaryId: string | null }> {
  let beneficiaryId: string | null = null;
  if (rule.recipient === 'beneficiary') {
    const [council] =
      rule.kind === 'council' ? await db.select({ id: councils.id }).from(councils).limit(1) : [];
    beneficiaryId = one(
      await db
        .insert(beneficiaries)
        .values({
          name: `${rule.name} ${tag()}`,
          kind: rule.kind ?? 'other',
          councilId: council?.id ?? null,
          bankId: world.bankId,
          accountNo: `BEN${tag()}`,
          unionIncome: rule.unionIncome ?? false,
        })
        .returning({ id: beneficiaries.id }),
    ).id;
  }
  const r = one(
    await db
      .insert(deductionRules)
      .values({
        seasonCropId: world.seasonCropId,
        name: rule.name,
        recipient: rule.recipient,
        beneficiaryId,
        payer: rule.payer ?? 'farmer',
        basis: rule.basis,
        rate: rule.rate,
        order: rule.order ?? 0,
      })
      .returning({ id: deductionRules.id }),
  );
  return { ruleId: r.id, beneficiaryId };
}

/**
 * The body of a members'-shares rule (#32), as an administrator posts it: a percent of what the
 * farmer is left after loans, paid to the AMCOS towards the member's unpaid shares.
 */
export const memberSharesRule = (rate: string, more: Record<string, unknown> = {}) => ({
  name: 'Member shares',
  kind: 'member_shares',
  recipient: 'amcos',
  payer: 'farmer',
  basis: 'percent_of_gross',
  rate,
  ...more,
});

/**
 * The usual two deductions of a test season: a council cess of 3 % of gross to a beneficiary and
 * an AMCOS levy of 20 per kg (after the cess).
 */
export async function makeCessAndLevy(db: Db, world: SettlementWorld) {
  await makeRule(db, world, {
    name: 'Council cess',
    recipient: 'beneficiary',
    basis: 'percent_of_gross',
    rate: '3',
    kind: 'council',
  });
  await makeRule(db, world, {
    name: 'AMCOS levy',
    recipient: 'amcos',
    basis: 'per_kg',
    rate: '20',
    order: 2,
  });
}

/** The balance (credit - debit) of the account mapped to a posting role. */
export async function roleBalance(db: Db, role: string): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ balance: z.string() }),
    sql`select coalesce(sum(jl.credit - jl.debit), 0)::numeric(16,2)::text as balance
        from journal_lines jl join account_mappings m on m.account_id = jl.account_id where m.key = ${role}`,
  );
  return row?.balance ?? '';
}

/** What the batch lines still owe: pending or failed, not yet paid nor moved to a retry. */
export async function unpaidLines(db: Db, payableRole: string): Promise<string> {
  const [row] = await queryRows(
    db,
    z.object({ total: z.string() }),
    sql`select coalesce(sum(amount), 0)::numeric(16,2)::text as total from payment_lines
        where payable = ${payableRole} and status in ('pending', 'failed')`,
  );
  return row?.total ?? '';
}
