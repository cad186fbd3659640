import type { WeighingDevice } from '@ushirika/contracts';
import type { ReceiptPrint } from './offline-store.ts';

/** A registered, active weighing device as the server answers it, for the device tests. */
export function weighingDevice(over: Partial<WeighingDevice> = {}): WeighingDevice {
  return {
    id: '0190a000-0000-7000-8000-000000000002',
    amcosId: '0190a000-0000-7000-8000-000000000003',
    amcosCode: 'MKW01',
    amcosName: 'Mkwaya AMCOS',
    code: 'D03',
    label: 'Scale 1',
    status: 'active',
    registeredByName: null,
    registeredAt: '2026-11-28T05:00:00.000Z',
    retiredAt: null,
    retireReason: null,
    lastSyncAt: null,
    waitingReported: 0,
    storedCount: 0,
    flaggedCount: 0,
    blocks: [],
    ...over,
  };
}

/** The names a receipt saved on the device prints with. */
export const receiptPrint: ReceiptPrint = {
  amcosName: 'Mkwaya',
  farmerName: 'Asha',
  cropName: 'Cashew',
  seasonName: '2026/2027',
  gradeCode: 'STD',
  gradeName: 'Standard',
  clerkName: 'Clerk',
};
