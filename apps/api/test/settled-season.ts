import type { PaymentBatch, PaymentLine, SettlementDetails } from '@ushirika/contracts';
import { TODAY } from '../src/modules/accounts/testing.ts';
import type { Session, TestApp } from './harness.ts';
import type { Listed } from './master-data.ts';
import { makePaidLot, type SettlementWorld } from './settlement-fixtures.ts';

/**
 * The season the farmer statement and USSD tests read: farmers A and B deliver 300 + 200 and 300 kg
 * in one lot sold at 2,000; the world's settlement is saved and approved, and its farmers' batch
 * approved, exported and marked paid, with B's line refused ('Wrong number').
 */
export async function settleAndPayAB(
  t: TestApp,
  s: { admin: Session; officer: Session; finance: Session },
  world: SettlementWorld,
  farmers: { a: string; b: string },
): Promise<{ settlement: SettlementDetails; batch: PaymentBatch }> {
  await makePaidLot(t.db, world, {
    collections: [
      { farmerId: farmers.a, kg: '300.000' },
      { farmerId: farmers.b, kg: '300.000' },
      { farmerId: farmers.a, kg: '200.000' },
    ],
    price: '2000',
  });
  const created = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
    token: s.officer.access,
    body: { amcosId: world.amcosId },
  });
  const approved = await t.request('PATCH', `/payments/settlements/${created.body.data.id}/approve`, {
    token: s.finance.access,
  });
  if (approved.status !== 200) throw new Error(JSON.stringify(approved.body));
  const batches = await t.request<Listed<PaymentBatch>>(
    'GET',
    `/payments/batches?settlement_id=${created.body.data.id}&party_type=farmer`,
    { token: s.officer.access },
  );
  const batch = batches.body.data[0] as PaymentBatch;
  await t.request('PATCH', `/payments/batches/${batch.id}/approve`, { token: s.admin.access });
  await t.request('POST', `/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
    token: s.officer.access,
  });
  const lines = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines`, {
    token: s.officer.access,
  });
  const lineB = lines.body.data.find((l) => l.partyId === farmers.b);
  const paid = await t.request('PATCH', `/payments/batches/${batch.id}/paid`, {
    token: s.officer.access,
    body: { paidOn: TODAY, bankReference: 'NMB-1', failed: [{ lineId: lineB?.id, reason: 'Wrong number' }] },
  });
  if (paid.status !== 200) throw new Error(JSON.stringify(paid.body));
  return { settlement: created.body.data, batch };
}
