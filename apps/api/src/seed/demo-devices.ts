import { randomInt } from 'node:crypto';
import type { OfflineReceiptInput } from '@ushirika/contracts';
import { formatReceiptNo, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { countRow, queryRows } from '../db/rows.ts';
import { registerDevice } from '../modules/crop-flow/devices/register-device.ts';
import { syncDeviceReceipts } from '../modules/crop-flow/devices/sync-device-receipts.ts';
import { updateWeighingLimits } from '../modules/crop-flow/devices/update-weighing-limits.ts';
import { actorByEmail } from './demo-sales-support.ts';
import { DEMO_SOCIETIES, plannedAccounts } from './demo-union.ts';

export type DemoDevice = { skipped: boolean; device: string | null; stored: number; flagged: number };

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID as the device's `ulid` makes it: 10 characters of time, then 16 random. */
function demoUlid(at: number): string {
  let time = '';
  for (let rest = at, i = 0; i < 10; i++, rest = Math.floor(rest / 32)) time = CROCKFORD[rest % 32] + time;
  return time + Array.from({ length: 16 }, () => CROCKFORD[randomInt(32)]).join('');
}

/** A net weight as the device shows it: gross less tare, 3 decimals (whole kg here). */
const kg = (whole: number) => `${whole}.000`;

/**
 * A registered weighing device in the demo (#29): Mkuranga AMCOS's manager sets the society's
 * weighing limits (90 kg a bag, 1,500 kg net a receipt), its clerk registers "Scale 1 phone"
 * (D01, a block of numbers) and syncs five cashew receipts weighed offline through the real use
 * cases: four stored as collections with their SMS, one of 1,600 kg net kept for the manager's
 * review (outside the society's limits), so Weighing devices, Offline receipts and Waiting for me
 * have something to show. Run after the master data; a second run changes nothing.
 */
export async function loadDemoDevice(db: Db): Promise<DemoDevice> {
  const none = { skipped: true, device: null, stored: 0, flagged: 0 };
  const society = DEMO_SOCIETIES[0];
  if (!society) return none;
  const email = (role: string) =>
    plannedAccounts().find((a) => a.role === role && a.society?.code === society.code)?.email ?? '';
  const [clerk, manager] = await Promise.all([
    actorByEmail(db, email('AMCOS Clerk')),
    actorByEmail(db, email('AMCOS Manager')),
  ]);
  if (!clerk?.amcosId || !manager) return none;
  const [registered] = await queryRows(
    db,
    countRow,
    sql`select count(*)::int as n from weighing_devices where amcos_id = ${clerk.amcosId}`,
  );
  if ((registered?.n ?? 0) > 0) return none;
  const [cashew] = await queryRows(
    db,
    z.object({ seasonCropId: z.string(), gradeId: z.string() }),
    sql`select sc.id as "seasonCropId",
          (select g.id from grades g where g.crop_id = c.id order by g.code limit 1) as "gradeId"
        from seasons s join season_crops sc on sc.season_id = s.id join crops c on c.id = sc.crop_id
        where s.status = 'open' and c.code = 'CASHEW' and sc.status = 'active'`,
  );
  const farmers = await queryRows(
    db,
    z.object({ id: z.string(), farmerNo: z.string() }),
    sql`select id, farmer_no as "farmerNo" from farmers
        where amcos_id = ${clerk.amcosId} and status = 'active' order by farmer_no limit 5`,
  );
  if (!cashew?.gradeId || farmers.length < 5) return none;

  await updateWeighingLimits(db, manager, { maxKgPerBag: '90.000', maxNetKg: '1500.000' });
  const device = await registerDevice(db, clerk, { label: 'Scale 1 phone' });
  const year = device.blocks[0]?.year;
  if (year === undefined) return none;
  // Bags and net kg: the fifth is 20 bags, 1,600 kg net, above the society's 1,500 kg a receipt.
  const weighed: [bags: number, net: number][] = [
    [2, 158],
    [3, 231],
    [1, 79],
    [4, 312],
    [20, 1600],
  ];
  const start = Date.now() - 3 * 3_600_000;
  const receipts = farmers.map((farmer, i): OfflineReceiptInput => {
    const [bags, net] = weighed[i] ?? [1, 50];
    const at = start + i * 600_000;
    return {
      clientId: demoUlid(at),
      receiptNo: formatReceiptNo(device.amcosCode, device.code, year, i + 1),
      seasonCropId: cashew.seasonCropId,
      farmerId: farmer.id,
      farmerNo: farmer.farmerNo,
      gradeId: cashew.gradeId ?? '',
      collectedOn: todayInTanzania(),
      bags,
      grossKg: kg(net + bags),
      tareKg: kg(bags),
      netKg: kg(net),
      moisture: '8.50',
      capturedAt: new Date(at).toISOString(),
    };
  });
  const { results } = await syncDeviceReceipts(db, clerk, { id: device.id, waiting: 0, receipts });
  return {
    skipped: false,
    device: `${device.amcosCode}-${device.code}`,
    stored: results.filter((r) => r.outcome === 'stored').length,
    flagged: results.filter((r) => r.outcome === 'flagged').length,
  };
}
