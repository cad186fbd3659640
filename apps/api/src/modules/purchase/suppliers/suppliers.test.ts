import { describe, expect, it } from 'vitest';
import { amcosUser, buyer, t, usePurchaseScenario } from '../scenario.ts';
import { makeSupplier } from '../testing.ts';

usePurchaseScenario();

describe('suppliers', () => {
  it('creates, searches, exports and shows a supplier; a bank supplier needs its account', async () => {
    const bad = await t.request<{ message: string; errors: Record<string, string[]> }>(
      'POST',
      '/purchase/suppliers',
      {
        token: buyer.access,
        body: { name: 'No Account Ltd', paymentMethod: 'bank' },
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.accountNo).toEqual(['Enter the account number']);
    const s = await makeSupplier(t, buyer, {
      name: 'Mbolea Bora Ltd',
      vrn: '40-012345-A',
      paymentTermsDays: 45,
    });
    const found = await t.request<{ data: { id: string; paymentTermsDays: number; balance: string }[] }>(
      'GET',
      '/purchase/suppliers?search=mbolea',
      { token: buyer.access },
    );
    expect(found.body.data.map((x) => x.id)).toEqual([s.id]);
    expect(found.body.data[0]?.paymentTermsDays).toBe(45);
    expect(found.body.data[0]?.balance).toBe('0.00');
    const xlsx = await t.request('GET', '/purchase/suppliers?format=xlsx', { token: buyer.access });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const dup = await t.request<{ message: string }>('POST', '/purchase/suppliers', {
      token: buyer.access,
      body: {
        name: 'Copy',
        tin: (
          await t.request<{ data: { tin: string } }>('GET', `/purchase/suppliers/${s.id}`, {
            token: buyer.access,
          })
        ).body.data.tin,
        paymentMethod: 'mobile_money',
        mobileMoneyNo: '0754123456',
      },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('Another supplier has this TIN');
  });

  it('is union business: AMCOS users get 403 on every purchasing endpoint', async () => {
    const id = '0190d4a2-0000-7000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/purchase/suppliers'],
      ['GET', `/purchase/suppliers/${id}/details`],
      ['GET', `/purchase/suppliers/${id}/statement`],
      ['POST', '/purchase/suppliers'],
      ['GET', '/purchase/orders'],
      ['POST', '/purchase/orders'],
      ['GET', `/purchase/orders/${id}`],
      ['PATCH', `/purchase/orders/${id}/approve`],
      ['GET', `/purchase/orders/${id}/pdf`],
      ['GET', '/purchase/invoices'],
      ['POST', '/purchase/invoices'],
      ['PATCH', `/purchase/invoices/${id}/approve`],
      ['GET', '/purchase/payments'],
      ['POST', '/purchase/payments'],
      ['PATCH', `/purchase/payments/${id}/approve`],
      ['GET', `/purchase/payments/${id}/remittance`],
      ['GET', '/reports/supplier/aged'],
      ['GET', '/purchase/settings'],
    ];
    for (const [method, path] of calls) {
      const r = await t.request<{ message: string }>(method, path, {
        token: amcosUser.access,
        ...(method === 'POST' ? { body: {} } : {}),
      });
      expect([method, path, r.status, r.body.message]).toEqual([
        method,
        path,
        403,
        'This is for union staff only',
      ]);
    }
  });
});
