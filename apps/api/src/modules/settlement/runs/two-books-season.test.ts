import type {
  ControlAccounts,
  DeliveryNoteDetail,
  FarmerLoan,
  LotDetail,
  PaymentBatch,
  PaymentLine,
  SettlementDetails,
  TrialBalance,
} from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Cashew,
  makeSociety,
  openSeasonWithCashew,
  recordCollectionOk,
  type Society,
  weighing,
} from '../../../../test/crop-flow.ts';
import {
  createNoteVia,
  dispatchVia,
  issueLotsVia,
  makeTransporter,
  makeWarehouse,
  receiveVia,
} from '../../../../test/crop-flow-lots.ts';
import type { Session, TestApp } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import { makeBuyer } from '../../../../test/sales-lots.ts';
import { startSettlementApp } from '../../../../test/settlement-fixtures.ts';
import { accountId, TODAY } from '../../accounts/testing.ts';
import { transportText } from '../../crop-flow/delivery-notes/pdf.ts';
import { catalogue, must, newAuction, publish } from '../../sales/auctions/testing.ts';

/**
 * Issue 16's "done when": the season of the issue rebuilt through the API, every figure worked by
 * hand. Two AMCOS (A: F1, F2; B: F3, F4, F5), seven cashew rules (the union's fee and its storage
 * are its own income), one transporter at 25.00/kg, A's note losing 2.25 kg in transit, B's lot
 * rejected at the first auction and sold at the second, a cash advance recovered at settlement,
 * a second one paid from the operation bank and left open, the union's income moved to its bank.
 */

let t: TestApp;
let admin: Session;
let officer: Session;
let finance: Session;
let cashew: Cashew;
let A: Society;
let B: Society;
let transporter: { id: string; vehicles: { id: string }[] };
let noteA: DeliveryNoteDetail;
let noteB: DeliveryNoteDetail;
let lotA: LotDetail;
let lotB: LotDetail;
let collectionBank: string;
let operationBank: string;
let settlement: SettlementDetails;

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  cashew = await openSeasonWithCashew(t, admin);
  A = await makeSociety(t, admin, { farmers: 2, name: 'Mkombozi AMCOS' });
  B = await makeSociety(t, admin, { farmers: 3, name: 'Nanyamba AMCOS' });
  collectionBank = await accountId(t, 'collection', '1101');
  operationBank = await accountId(t, 'operation', '1101');
});
afterAll(() => t.close());

const farmer = (s: Society, i: number) => {
  const f = s.farmers[i];
  if (!f) throw new Error('no such farmer');
  return f;
};

async function beneficiary(name: string, unionIncome = false): Promise<string> {
  const r = await must(
    t.request<{ data: { id: string; unionIncome: boolean } }>('POST', '/settings/collection/beneficiaries', {
      token: admin.access,
      body: { name, kind: unionIncome ? 'union' : 'other', unionIncome },
    }),
    `beneficiary ${name}`,
  );
  expect(r.data.unionIncome).toBe(unionIncome);
  return r.data.id;
}

/** Each account's closing balance, debit - credit, in a book's trial balance (and whether it balances). */
async function trialBalance(book: 'collection' | 'operation') {
  const tb = await must(
    t.request<{ data: TrialBalance }>('GET', `/reports/trial-balance?book=${book}`, { token: admin.access }),
    'trial balance',
  );
  const balance = (code: string) => {
    const row = tb.data.rows.find((r) => r.code === code);
    return row ? dec(row.closingDebit).minus(dec(row.closingCredit)).toFixed(2) : '0.00';
  };
  return { balanced: tb.data.balanced, balance };
}

async function controlDifferences(): Promise<[string, string][]> {
  const r = await must(
    t.request<{ data: ControlAccounts }>('GET', '/reports/control-accounts', { token: admin.access }),
    'control accounts',
  );
  return r.data.checks.filter((c) => c.difference !== '0.00').map((c) => [c.name, c.difference]);
}

async function advance(farmerId: string, amount: string, bankAccountId: string): Promise<FarmerLoan> {
  const made = await must(
    t.request<{ data: FarmerLoan }>('POST', '/payments/loans', {
      token: officer.access,
      body: { farmerId, issuedOn: TODAY, amount, reason: 'Cash advance', bankAccountId },
    }),
    'advance',
  );
  return (
    await must(
      t.request<{ data: FarmerLoan }>('PATCH', `/payments/loans/${made.data.id}/approve`, {
        token: finance.access,
      }),
      'approve advance',
    )
  ).data;
}

/** The society's weighings (net kg, bags) on one note: dispatched, received, issued as one lot. */
async function deliver(s: Society, weighings: [string, number][], receivedKg: string) {
  const ids: string[] = [];
  for (const [i, [kg, bags]] of weighings.entries()) {
    const body = weighing(cashew, farmer(s, i), {
      grossKg: dec(kg).plus(1).toFixed(3),
      tareKg: '1.000',
      bags,
    });
    ids.push((await recordCollectionOk(t, s.clerk.access, body)).id);
  }
  const note = await must(
    createNoteVia(t, s.clerk.access, {
      seasonCropId: cashew.seasonCrop.id,
      warehouseId: warehouseId,
      transporterId: transporter.id,
      vehicleId: transporter.vehicles[0]?.id,
      driverName: 'Juma Dereva',
      selection: { mode: 'explicit', collectionIds: ids },
    }),
    'note',
  );
  const sent = await must(dispatchVia(t, s.clerk.access, note.data.id), 'dispatch');
  await must(
    receiveVia(t, admin.access, note.data.id, { receivedBags: sent.data.bags, receivedKg }),
    'receive',
  );
  const lots = await must(
    issueLotsVia(t, admin.access, {
      deliveryNoteIds: [note.data.id],
      gradeId: cashew.grades[0]?.id as string,
      lots: [{ bags: sent.data.bags, netKg: receivedKg, certificateNo: `QC-${note.data.dnNo}` }],
    }),
    'lots',
  );
  const read = await must(
    t.request<{ data: DeliveryNoteDetail }>('GET', `/collections/delivery-notes/${note.data.id}`, {
      token: s.clerk.access,
    }),
    'read note',
  );
  return { note: read.data, lot: lots.data[0] as LotDetail, dispatched: sent.data };
}

let warehouseId: string;

async function auction(lots: { lotId: string; buyerId: string; price: string }[], reject: string[] = []) {
  const { data } = await newAuction(t, admin, cashew.seasonCrop.id);
  await catalogue(
    t,
    admin,
    data.id,
    lots.map((l) => ({ lotId: l.lotId, reservePrice: '2000.00' })),
  );
  await publish(t, admin, data.id);
  const results = lots.map((l) => ({ lotId: l.lotId, buyerId: l.buyerId, pricePerKg: l.price }));
  await must(
    t.request('PUT', `/sales/auctions/${data.id}/results`, { token: admin.access, body: { results } }),
    'results',
  );
  const decisions = lots.map((l) => ({
    lotId: l.lotId,
    decision: reject.includes(l.lotId) ? 'reject' : 'accept',
    formRef: `F-${l.lotId.slice(0, 4)}`,
  }));
  await must(
    t.request('PUT', `/sales/auctions/${data.id}/decisions`, { token: admin.access, body: { decisions } }),
    'decisions',
  );
  await must(t.request('PATCH', `/sales/auctions/${data.id}/close`, { token: admin.access }), 'close');
  return data.id;
}

async function payInvoices(buyerId: string, expectedTotal: string) {
  const invoices = await must(
    t.request<Listed<{ id: string; total: string }>>('GET', `/sales/invoices?buyer_id=${buyerId}`, {
      token: admin.access,
    }),
    'invoices',
  );
  expect(invoices.data.map((i) => i.total)).toEqual([expectedTotal]);
  await must(
    t.request('POST', '/sales/receipts', {
      token: admin.access,
      body: { buyerId, receiptDate: TODAY, bankAccountId: collectionBank, amount: expectedTotal },
    }),
    'receipt',
  );
}

describe('the season of issue 16, both books joined', () => {
  it('sets seven rules; the union fee and storage are the union’s own income', async () => {
    const council = await beneficiary('Tandahimba District Council');
    const board = await beneficiary('Cashewnut Board of Tanzania');
    const tari = await beneficiary('TARI Naliendele');
    const union = await beneficiary('TANECU', true);
    const rules = [
      {
        name: 'District council cess',
        recipient: 'beneficiary',
        beneficiaryId: council,
        payer: 'farmer',
        basis: 'percent_of_gross',
        rate: '3',
        order: 1,
      },
      {
        name: 'Crop board levy',
        recipient: 'beneficiary',
        beneficiaryId: board,
        payer: 'buyer',
        basis: 'percent_of_gross',
        rate: '1.5',
        order: 2,
      },
      {
        name: 'Union fee',
        recipient: 'beneficiary',
        beneficiaryId: union,
        payer: 'farmer',
        basis: 'per_kg',
        rate: '25',
        order: 3,
      },
      { name: 'AMCOS levy', recipient: 'amcos', payer: 'farmer', basis: 'per_kg', rate: '20', order: 4 },
      { name: 'Transport', recipient: 'transporter', payer: 'farmer', basis: 'per_kg', rate: '25', order: 5 },
      {
        name: 'Warehouse storage',
        recipient: 'beneficiary',
        beneficiaryId: union,
        payer: 'buyer',
        basis: 'per_bag',
        rate: '1200',
        order: 6,
      },
      {
        name: 'Research levy',
        recipient: 'beneficiary',
        beneficiaryId: tari,
        payer: 'farmer',
        basis: 'per_kg',
        rate: '5',
        order: 7,
      },
    ];
    for (const body of rules)
      await must(
        t.request('POST', `/settings/collection/season-crops/${cashew.seasonCrop.id}/deduction-rules`, {
          token: admin.access,
          body,
        }),
        body.name,
      );
    transporter = await makeTransporter(t, admin, { rateBasis: 'per_kg', rate: '25.00' });
    warehouseId = (await makeWarehouse(t, admin)).id;
  });

  it('shows one transport figure on the note: what the rule pays on the warehouse kg', async () => {
    // A: F1 800.000 kg (10 bags) + F2 737.750 kg (9 bags) = 1,537.750 kg dispatched, 1,535.500 received
    const a = await deliver(
      A,
      [
        ['800.000', 10],
        ['737.750', 9],
      ],
      '1535.500',
    );
    // B: F3 500 + F4 400 + F5 300 = 1,200.000 kg (5 bags each), received whole
    const b = await deliver(
      B,
      [
        ['500.000', 5],
        ['400.000', 5],
        ['300.000', 5],
      ],
      '1200.000',
    );
    noteA = a.note;
    noteB = b.note;
    lotA = a.lot;
    lotB = b.lot;
    expect([noteA.netKg, noteA.receivedKg, noteA.varianceKg]).toEqual(['1537.750', '1535.500', '-2.250']);
    // The charge at dispatch would be 1,537.75 x 25 = 38,443.75; the rule pays 1,535.5 x 25 = 38,387.50.
    expect(noteA.transportCharge).toBeNull();
    expect(noteA.transportRule).toEqual({
      name: 'Transport',
      basis: 'per_kg',
      rate: '25.000000',
      amount: '38387.50',
    });
    expect(transportText(noteA)).toBe(
      '38,387.50, paid by the deduction rule "Transport" (25.000000 per warehouse kg)',
    );
    expect(transportText(noteA)).not.toContain('38443.75');
    // B: 1,200 x 25 = 30,000.00
    expect(noteB.transportRule?.amount).toBe('30000.00');
    const pdf = await t.request('GET', `/collections/delivery-notes/${noteA.id}/pdf`, {
      token: A.clerk.access,
    });
    expect(pdf.status).toBe(200);
  });

  it('sells A’s lot; B rejects its first bid and sells at the second auction', async () => {
    const olam = await makeBuyer(t.db, 'Olam Tanzania');
    const export2 = await makeBuyer(t.db, 'Export Trading');
    await auction(
      [
        { lotId: lotA.id, buyerId: olam.id, price: '2500.00' },
        { lotId: lotB.id, buyerId: export2.id, price: '2100.00' },
      ],
      [lotB.id],
    );
    await auction([{ lotId: lotB.id, buyerId: export2.id, price: '2300.00' }]);
    // A: 1,535.5 x 2,500 = 3,838,750.00 + board 1.5% 57,581.25 + storage 19 x 1,200 = 22,800 -> 3,919,131.25
    await payInvoices(olam.id, '3919131.25');
    // B: 1,200 x 2,300 = 2,760,000.00 + board 41,400 + storage 15 x 1,200 = 18,000 -> 2,819,400.00
    await payInvoices(export2.id, '2819400.00');
  });

  it('advances F1 150,000 from the collection bank: posted at approval, 1401 = open loans', async () => {
    const loan = await advance(farmer(A, 0).id, '150000', collectionBank);
    expect(loan.status).toBe('active');
    const c = await trialBalance('collection');
    expect(c.balance('1401')).toBe('150000.00');
    expect(await controlDifferences()).toEqual([]);
  });

  it('settles both lots to the shilling; the union’s share becomes Operation income', async () => {
    const draft = await must(
      t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
        token: officer.access,
        body: {},
      }),
      'settlement',
    );
    settlement = (
      await must(
        t.request<{ data: SettlementDetails }>('PATCH', `/payments/settlements/${draft.data.id}/approve`, {
          token: finance.access,
        }),
        'approve',
      )
    ).data;
    // gross 3,838,750 + 2,760,000 = 6,598,750.00
    // farmer-paid beneficiaries: cess 3% 115,162.50 + 82,800; union fee 25/kg 38,387.50 + 30,000;
    //   research 5/kg 7,677.50 + 6,000 -> 280,027.50
    // transport 25/kg 38,387.50 + 30,000 = 68,387.50; AMCOS levy 20/kg 30,710 + 24,000 = 54,710.00
    // farmers' payable A 3,838,750 - 230,325 = 3,608,425; B 2,760,000 - 172,800 = 2,587,200
    // F1 recovers 150,000 -> farmers' net 3,608,425 + 2,587,200 - 150,000 = 6,045,625.00
    expect(settlement).toMatchObject({
      status: 'approved',
      lotCount: 2,
      farmerCount: 5,
      gross: '6598750.00',
      beneficiaries: '280027.50',
      transporters: '68387.50',
      amcosShare: '54710.00',
      farmersNet: '6045625.00',
      loanRecovery: '150000.00',
      // buyer-paid: board 57,581.25 + 41,400 and storage 22,800 + 18,000 = 139,781.25
      buyerLevies: '139781.25',
      // the union's fee 38,387.50 + 30,000 and storage 22,800 + 18,000
      unionIncome: '109187.50',
    });
    expect(draft.data.unionIncome).toBe('109187.50');
    // Each farmer's share by collected kg: A's 3,608,425 over 800 / 737.75 kg = 1,877,249.2278 /
    // 1,731,175.7722 -> 1,877,249.23 (the larger remainder takes the cent) and 1,731,175.77; F1
    // then repays 150,000. B's 2,587,200 over 500 / 400 / 300 kg = 1,078,000 / 862,400 / 646,800.
    const rows = await must(
      t.request<Listed<{ farmerId: string; owed: string; loanRecovery: string; net: string }>>(
        'GET',
        `/payments/settlements/${settlement.id}/farmers?per_page=50`,
        { token: officer.access },
      ),
      'farmers',
    );
    const of = (s: Society, i: number) => rows.data.find((r) => r.farmerId === farmer(s, i).id);
    expect(
      [of(A, 0), of(A, 1), of(B, 0), of(B, 1), of(B, 2)].map((r) => [r?.owed, r?.loanRecovery, r?.net]),
    ).toEqual([
      ['1877249.23', '150000.00', '1727249.23'],
      ['1731175.77', '0.00', '1731175.77'],
      ['1078000.00', '0.00', '1078000.00'],
      ['862400.00', '0.00', '862400.00'],
      ['646800.00', '0.00', '646800.00'],
    ]);
  });

  it('pays the transporter one figure and the union nothing: its share is income', async () => {
    const batches = await must(
      t.request<Listed<PaymentBatch>>('GET', `/payments/batches?settlement_id=${settlement.id}`, {
        token: officer.access,
      }),
      'batches',
    );
    const lines = async (party: string) => {
      const batch = batches.data.find((b) => b.partyType === party);
      return (
        await must(
          t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch?.id}/lines`, {
            token: officer.access,
          }),
          'lines',
        )
      ).data.map((l) => [l.payeeName, l.amount]);
    };
    // 38,387.50 for A's note + 30,000.00 for B's: the rule's figure, never the 38,443.75 charge
    expect((await lines('transporter')).map(([, amount]) => amount)).toEqual(['68387.50']);
    // Council 115,162.50 + 82,800 = 197,962.50; research 7,677.50 + 6,000 = 13,677.50; board
    // 57,581.25 + 41,400 = 98,981.25. TANECU (fee 68,387.50 + storage 40,800) has no line.
    expect((await lines('beneficiary')).sort()).toEqual(
      [
        ['Cashewnut Board of Tanzania', '98981.25'],
        ['TARI Naliendele', '13677.50'],
        ['Tandahimba District Council', '197962.50'],
      ].sort(),
    );
  });

  it('ends with 1401 = open loans, levy income in the Operation book, both balanced, no difference', async () => {
    // A second advance, to F4 from the operation bank, stays open: 100,000.
    await advance(farmer(B, 1).id, '100000', operationBank);
    const c = await trialBalance('collection');
    const o = await trialBalance('operation');
    const open = await must(
      t.request<Listed<FarmerLoan>>('GET', '/payments/loans?outstanding=true', { token: officer.access }),
      'loans',
    );
    expect(open.data.map((l) => l.outstanding)).toEqual(['100000.00']);
    expect(c.balance('1401')).toBe('100000.00');
    // The union's income: fee 38,387.50 + 30,000 + storage 22,800 + 18,000 = 109,187.50 (a credit)
    expect(o.balance('4101')).toBe('-109187.50');
    // Due to Operation: the income 109,187.50 + the F4 advance 100,000 the Operation bank paid
    expect(c.balance('2105')).toBe('-209187.50');
    expect(o.balance('1204')).toBe('209187.50');
    // Beneficiaries still to be paid: 310,621.25 of lines (the income left the payable)
    expect(c.balance('2103')).toBe('-310621.25');
    expect([c.balanced, o.balanced]).toEqual([true, true]);
    expect(await controlDifferences()).toEqual([]);
  });

  it('a bank transfer from the collection bank to the operation bank clears due-to / due-from', async () => {
    const transfer = await must(
      t.request<{ data: { id: string } }>('POST', '/accounts/bank-transfers', {
        token: admin.access,
        body: {
          transferDate: TODAY,
          fromAccountId: collectionBank,
          toAccountId: operationBank,
          amount: '209187.50',
          narration: 'Union income and the advance paid for the Collection book',
        },
      }),
      'transfer',
    );
    await must(
      t.request('PATCH', `/accounts/bank-transfers/${transfer.data.id}/approve`, { token: finance.access }),
      'approve transfer',
    );
    const c = await trialBalance('collection');
    const o = await trialBalance('operation');
    expect([c.balance('2105'), o.balance('1204')]).toEqual(['0.00', '0.00']);
    // Operation bank: -100,000 (F4's advance) + 209,187.50 = 109,187.50, the union's income in cash
    expect(o.balance('1101')).toBe('109187.50');
    expect([c.balanced, o.balanced]).toEqual([true, true]);
    expect(await controlDifferences()).toEqual([]);
  });

  it('downloads the control accounts as xlsx and PDF; AMCOS users may not read them', async () => {
    for (const [format, type] of [
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['pdf', 'application/pdf'],
    ] as const) {
      const file = await t.request('GET', `/reports/control-accounts?format=${format}`, {
        token: admin.access,
      });
      expect([file.status, file.headers.get('content-type')]).toEqual([200, type]);
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="CONTROL_ACCOUNTS_${TODAY}.${format}"`,
      );
    }
    expect((await t.request('GET', '/reports/control-accounts', { token: A.clerk.access })).status).toBe(403);
  });
});
