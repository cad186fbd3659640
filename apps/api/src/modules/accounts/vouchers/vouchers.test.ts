import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { pettyCashTopUp } from '../../../../test/journal-entries.ts';
import { accountId, THIS_YEAR, TODAY } from '../testing.ts';

let t: TestApp;
let accountant: Session;
let manager: Session;
let bank: string;
let petty: string;
let fuel: string;
let repairs: string;
let interest: string;
type Entry = {
  data: {
    status: string;
    lines: { accountCode: string; debit: string; credit: string; currency: string; currencyAmount: string }[];
  };
};
beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  [bank, petty, fuel, repairs, interest] = await Promise.all([
    accountId(t, 'operation', '1101'),
    accountId(t, 'operation', '1102'),
    accountId(t, 'operation', '5103'),
    accountId(t, 'operation', '5104'),
    accountId(t, 'operation', '4201'),
  ]);
});
afterAll(() => t.close());

const lines = (id: string) =>
  t.request<Entry>('GET', `/accounts/journal-entries/${id}`, { token: manager.access });

describe('payments and receipts', () => {
  it('enters a payment voucher (PV-) and, once approved, posts Dr expenses / Cr bank', async () => {
    const r = await t.request<{
      message: string;
      data: { id: string; number: string; amount: string; status: string };
    }>('POST', '/accounts/payments-and-receipts', {
      token: accountant.access,
      body: {
        type: 'Payment',
        voucherDate: TODAY,
        bankAccountId: bank,
        partyName: 'Mtwara Motors',
        narration: 'Fuel and a service',
        lines: [
          { accountId: fuel, amount: '180000.00' },
          { accountId: repairs, amount: '95000.50', description: 'Service' },
        ],
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Payment created successfully');
    expect(r.body.data).toMatchObject({
      amount: '275000.50',
      status: 'draft',
      book: 'operation',
      baseAmount: '275000.50',
    });
    expect(r.body.data.number).toBe(`PV-${THIS_YEAR}-000001`);
    const self = await t.request('PATCH', `/accounts/payments-and-receipts/${r.body.data.id}/approve`, {
      token: accountant.access,
    });
    expect(self.status).toBe(403);
    const ok = await t.request<{
      message: string;
      data: { status: string; journalEntryId: string; journalEntryNumber: string };
    }>('PATCH', `/accounts/payments-and-receipts/${r.body.data.id}/approve`, { token: manager.access });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Payment approved successfully');
    expect(ok.body.data.status).toBe('approved');
    const entry = await lines(ok.body.data.journalEntryId);
    expect(entry.body.data.status).toBe('posted');
    expect(entry.body.data.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['5103', '180000.00', '0.00'],
      ['5104', '95000.50', '0.00'],
      ['1101', '0.00', '275000.50'],
    ]);
    const again = await t.request('PATCH', `/accounts/payments-and-receipts/${r.body.data.id}/approve`, {
      token: manager.access,
    });
    expect(again.status).toBe(409);
    const list = await t.request<{ data: { number: string }[] }>(
      'GET',
      '/accounts/payments-and-receipts?type=Payment',
      { token: manager.access },
    );
    expect(list.body.data.map((v) => v.number)).toEqual([`PV-${THIS_YEAR}-000001`]);
  });

  it('posts a USD receipt whose lines round separately: the bank gets their TZS sum, the entry balances', async () => {
    // 0.01 x 2,450.50 = 24.505 -> 24.51 twice = 49.02, though 0.02 x 2,450.50 = 49.01.
    const r = await t.request<{ message: string; data: { id: string; number: string; baseAmount: string } }>(
      'POST',
      '/accounts/payments-and-receipts',
      {
        token: accountant.access,
        body: {
          type: 'Receipt',
          voucherDate: TODAY,
          bankAccountId: bank,
          partyName: 'Exim Bank',
          narration: 'Interest',
          currency: 'USD',
          rate: '2450.50',
          lines: [
            { accountId: interest, amount: '0.01' },
            { accountId: interest, amount: '0.01' },
          ],
        },
      },
    );
    expect(r.body.message).toBe('Receipt created successfully');
    expect(r.body.data.number).toBe(`RV-${THIS_YEAR}-000001`);
    expect(r.body.data.baseAmount).toBe('49.02');
    const ok = await t.request<{ message: string; data: { journalEntryId: string } }>(
      'PATCH',
      `/accounts/payments-and-receipts/${r.body.data.id}/approve`,
      {
        token: manager.access,
      },
    );
    expect(ok.body.message).toBe('Receipt approved successfully');
    const entry = await lines(ok.body.data.journalEntryId);
    expect(
      entry.body.data.lines.map((l) => [l.accountCode, l.debit, l.credit, l.currency, l.currencyAmount]),
    ).toEqual([
      ['4201', '0.00', '24.51', 'USD', '0.01'],
      ['4201', '0.00', '24.51', 'USD', '0.01'],
      ['1101', '49.02', '0.00', 'USD', '0.02'],
    ]);
  });

  it('refuses a voucher on a non-bank account or without a rate', async () => {
    const notBank = await t.request('POST', '/accounts/payments-and-receipts', {
      token: accountant.access,
      body: {
        type: 'Payment',
        voucherDate: TODAY,
        bankAccountId: fuel,
        partyName: 'X',
        narration: 'x',
        lines: [{ accountId: repairs, amount: '1.00' }],
      },
    });
    expect(notBank.status).toBe(400);
    expect(notBank.body.message).toBe('The account 5103 is not a bank or cash account');
    const noRate = await t.request('POST', '/accounts/payments-and-receipts', {
      token: accountant.access,
      body: {
        type: 'Payment',
        voucherDate: TODAY,
        bankAccountId: bank,
        partyName: 'X',
        narration: 'x',
        currency: 'USD',
        lines: [{ accountId: repairs, amount: '1.00' }],
      },
    });
    expect(noRate.body.message).toBe(`No USD rate on or before ${TODAY}; enter one`);
  });
});

describe('bank transfers', () => {
  it('moves money between two bank or cash accounts of one book once approved, SPEC messages', async () => {
    const r = await pettyCashTopUp<{
      message: string;
      data: { id: string; number: string; fromAccountName: string };
    }>(t, accountant, { bank, petty });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Bank transfer created successfully');
    expect(r.body.data.number).toBe(`BT-${THIS_YEAR}-000001`);
    const self = await t.request('PATCH', `/accounts/bank-transfers/${r.body.data.id}/approve`, {
      token: accountant.access,
    });
    expect(self.status).toBe(403);
    const ok = await t.request<{ message: string; data: { status: string; journalEntryId: string } }>(
      'PATCH',
      `/accounts/bank-transfers/${r.body.data.id}/approve`,
      {
        token: manager.access,
      },
    );
    expect(ok.body.message).toBe('Bank transfer approved successfully');
    const entry = await lines(ok.body.data.journalEntryId);
    expect(entry.body.data.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['1102', '500000.00', '0.00'],
      ['1101', '0.00', '500000.00'],
    ]);
    const one = await t.request<{ data: { status: string } }>(
      'GET',
      `/accounts/bank-transfers/${r.body.data.id}`,
      { token: manager.access },
    );
    expect(one.body.data.status).toBe('approved');
  });

  it('refuses a transfer to the same account, or across books in another currency', async () => {
    const same = await t.request('POST', '/accounts/bank-transfers', {
      token: accountant.access,
      body: { transferDate: TODAY, fromAccountId: bank, toAccountId: bank, amount: '1.00', narration: 'x' },
    });
    expect(same.body.message).toBe('Choose two different accounts');
    const collectionBank = await accountId(t, 'collection', '1101');
    const across = await t.request('POST', '/accounts/bank-transfers', {
      token: accountant.access,
      body: {
        transferDate: TODAY,
        fromAccountId: bank,
        toAccountId: collectionBank,
        amount: '1.00',
        currency: 'USD',
        narration: 'x',
      },
    });
    // Across the books in TZS is allowed (#16, through due-to / due-from: the season test).
    expect(across.body.message).toBe('A transfer between the two books is in TZS between TZS accounts');
  });

  it('lets one of two simultaneous approvers through', async () => {
    const other = await sessionAs(t, 'Finance Manager');
    const r = await t.request<{ data: { id: string } }>('POST', '/accounts/bank-transfers', {
      token: accountant.access,
      body: {
        transferDate: TODAY,
        fromAccountId: petty,
        toAccountId: bank,
        amount: '10.00',
        narration: 'Back',
      },
    });
    const path = `/accounts/bank-transfers/${r.body.data.id}/approve`;
    const both = await Promise.all([
      t.request('PATCH', path, { token: manager.access }),
      t.request('PATCH', path, { token: other.access }),
    ]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 409]);
  });
});
