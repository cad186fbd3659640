import 'fake-indexeddb/auto';
import type { OfflineReceiptInput, SyncBody, SyncResult, WeighingDevice } from '@ushirika/contracts';
import fc from 'fast-check';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { receiptPrint, weighingDevice } from './device-fixtures.ts';
import { countWaiting, type OfflineDb, openOfflineDb, saveDevice, saveReceipt } from './offline-store.ts';
import { type SyncSend, syncQueue } from './offline-sync.ts';

const SEASON = '0190a000-0000-7000-8000-000000000001';
const device = weighingDevice({
  blocks: [{ seasonId: SEASON, seasonName: '2026/2027', year: 2026, firstNo: 1, lastNo: 500 }],
});

/** The server as the queue sees it: keeps each receipt once by its ULID; a reply can be lost. */
class ServerModel {
  readonly stored = new Map<string, OfflineReceiptInput>();
  readonly storeCount = new Map<string, number>();
  answer(body: SyncBody): { results: SyncResult[]; device: WeighingDevice } {
    const results = body.receipts.map((r): SyncResult => {
      const known = this.stored.has(r.clientId);
      if (!known) {
        this.stored.set(r.clientId, r);
        this.storeCount.set(r.clientId, (this.storeCount.get(r.clientId) ?? 0) + 1);
      }
      return {
        clientId: r.clientId,
        receiptNo: r.receiptNo,
        outcome: known ? 'already_stored' : 'stored',
        reasonCode: null,
        reason: null,
        collectionId: null,
      };
    });
    return { results, device };
  }
}

type Step = 'save' | 'reload' | 'sync' | 'lostReply' | 'duplicateSend' | 'offline';
const step = fc.constantFrom<Step>(
  'save',
  'save',
  'save',
  'reload',
  'sync',
  'lostReply',
  'duplicateSend',
  'offline',
);

let dbCount = 0;

async function weigh(db: OfflineDb, n: number) {
  return saveReceipt(
    db,
    {
      clientId: ulid(),
      seasonId: SEASON,
      seasonCropId: SEASON,
      farmerId: SEASON,
      farmerNo: `MKW01-${String(n).padStart(5, '0')}`,
      gradeId: SEASON,
      collectedOn: '2026-11-28',
      bags: 1 + (n % 3),
      grossKg: `${80 + n}.500`,
      tareKg: '0.500',
      netKg: `${80 + n}.000`,
      moisture: '8.00',
      capturedAt: new Date().toISOString(),
    },
    receiptPrint,
  );
}

describe('the offline receipt queue (property)', () => {
  it('any order of save, reload, sync, lost reply and duplicate send stores each receipt exactly once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 7 }),
        async (steps, batch) => {
          const name = `queue-${dbCount++}`;
          let db = await openOfflineDb(name);
          await saveDevice(db, { device, clerkId: 'clerk' });
          const server = new ServerModel();
          const saved: { clientId: string; receiptNo: string }[] = [];
          const good: SyncSend = async (body) => server.answer(body);
          for (const [i, s] of steps.entries()) {
            if (s === 'save') {
              const r = await weigh(db, i);
              saved.push({ clientId: r.clientId, receiptNo: r.body.receiptNo });
            } else if (s === 'reload') {
              db.close();
              db = await openOfflineDb(name);
            } else if (s === 'sync') {
              await syncQueue(db, good, batch);
            } else if (s === 'lostReply') {
              // The server stores the batch; the answer never reaches the device.
              await syncQueue(
                db,
                async (body) => {
                  server.answer(body);
                  throw new Error('reply lost');
                },
                batch,
              ).catch(() => undefined);
            } else if (s === 'duplicateSend') {
              // Two tabs send the queue at once.
              await Promise.all([syncQueue(db, good, batch), syncQueue(db, good, batch)]);
            } else {
              await syncQueue(
                db,
                async () => {
                  throw new Error('no network');
                },
                batch,
              ).catch(() => undefined);
            }
          }
          await syncQueue(db, good, batch);
          expect(await countWaiting(db)).toBe(0);
          expect(new Set(saved.map((s) => s.receiptNo)).size).toBe(saved.length);
          for (const s of saved) {
            expect(server.storeCount.get(s.clientId)).toBe(1);
            expect(server.stored.get(s.clientId)?.receiptNo).toBe(s.receiptNo);
          }
          expect(server.stored.size).toBe(saved.length);
          db.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('numbers follow the blocks and never repeat, across reloads and two tabs', async () => {
    const name = `numbers-${dbCount++}`;
    const a = await openOfflineDb(name);
    await saveDevice(a, { device, clerkId: 'clerk' });
    const b = await openOfflineDb(name);
    const made = await Promise.all(Array.from({ length: 20 }, (_, i) => weigh(i % 2 ? a : b, i)));
    const numbers = made.map((r) => r.body.receiptNo).sort();
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[0]).toBe('MKW01-D03-2026-000001');
    expect(numbers[19]).toBe('MKW01-D03-2026-000020');
    a.close();
    b.close();
  });
});
