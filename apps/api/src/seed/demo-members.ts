import { todayInTanzania } from '@ushirika/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { accounts } from '../modules/accounts/schema.ts';
import { amcos } from '../modules/amcos/schema.ts';
import { farmers } from '../modules/farmers/schema.ts';
import { createMember } from '../modules/members/register/create-member.ts';
import { recordMemberPayment } from '../modules/members/register/record-member-payment.ts';
import { members } from '../modules/members/register/schema.ts';
import { approveSecondPayment } from '../modules/members/second-payments/approve-second-payment.ts';
import { proposeSecondPayment } from '../modules/members/second-payments/propose-second-payment.ts';
import { addDays, demoActors, later } from './demo-sales-support.ts';

export type DemoMembers = {
  skipped: boolean;
  unionMembers: number;
  farmerMembers: number;
  /** The approved second payment to Mkuranga's farmers, when the demo has their collections. */
  secondPayment?: { paymentNo: string; lines: number; total: string };
};

/** The demo's second payment to farmers, a shilling amount per kg. */
const SECOND_PAYMENT_RATE = '50.00';

/** Mkuranga AMCOS's first farmers join its own register. */
const FARMER_MEMBERS = 5;

/**
 * The demo's members (#32), through the real use cases: the three demo AMCOS join the union, each
 * subscribing 1,000,000 of shares and paying 500,000 into the Operation bank account (posted to
 * share capital, so the members' share capital check agrees); five Mkuranga farmers join their
 * AMCOS with 20,000 subscribed and 10,000 paid (the society's own money, posted nowhere). Then the
 * union's second payment of 50.00 a kg to Mkuranga's farmers on the season crop they delivered most
 * of, proposed by the administrator and approved by the finance manager (posted, a farmers' batch
 * drafted, each farmer's SMS written). Skipped when the union already has members.
 *
 * The demo has no closed financial year (its one year is open), so there is no surplus to
 * appropriate: no appropriation is made.
 */
export async function loadDemoMembers(db: Db): Promise<DemoMembers> {
  const none = { skipped: true, unionMembers: 0, farmerMembers: 0 };
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(isNull(members.amcosId))
    .limit(1);
  const actors = await demoActors(db);
  const [bank] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.book, 'operation'), eq(accounts.code, '1101')));
  if (existing || !actors || !bank) return none;
  const today = todayInTanzania();
  const joinedOn = later(addDays(today, -30), `${today.slice(0, 4)}-01-01`);
  let unionMembers = 0;
  for (const code of actors.managers.keys()) {
    const [society] = await db.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, code));
    if (!society) continue;
    const member = await createMember(db, actors.administrator, {
      society: 'union',
      memberAmcosId: society.id,
      memberNo: null,
      joinedOn,
      sharesSubscribed: '1000000.00',
      openingSharesPaid: '0.00',
    });
    await recordMemberPayment(db, actors.administrator, {
      memberId: member.id,
      body: {
        kind: 'shares',
        amount: '500000.00',
        paidOn: joinedOn,
        bankAccountId: bank.id,
        reference: `DEMO-SHR-${code}`,
      },
    });
    unionMembers++;
  }
  let farmerMembers = 0;
  const manager = actors.managers.get('MKW01');
  const [mkuranga] = await db.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, 'MKW01'));
  if (manager && mkuranga) {
    const joining = await db
      .select({ id: farmers.id })
      .from(farmers)
      .where(eq(farmers.amcosId, mkuranga.id))
      .orderBy(asc(farmers.farmerNo))
      .limit(FARMER_MEMBERS);
    for (const farmer of joining) {
      const member = await createMember(db, manager, {
        society: mkuranga.id,
        farmerId: farmer.id,
        memberNo: null,
        joinedOn,
        sharesSubscribed: '20000.00',
        openingSharesPaid: '0.00',
      });
      await recordMemberPayment(db, manager, {
        memberId: member.id,
        body: { kind: 'shares', amount: '10000.00', paidOn: joinedOn, reference: null },
      });
      farmerMembers++;
    }
  }
  const secondPayment = mkuranga ? await demoSecondPayment(db, actors, mkuranga.id) : undefined;
  return { skipped: false, unionMembers, farmerMembers, ...(secondPayment ? { secondPayment } : {}) };
}

/** The second payment to one AMCOS's farmers, through the screens' use cases (maker, then checker). */
async function demoSecondPayment(
  db: Db,
  actors: NonNullable<Awaited<ReturnType<typeof demoActors>>>,
  amcosId: string,
): Promise<DemoMembers['secondPayment']> {
  const [crop] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select season_crop_id as id from collections where amcos_id = ${amcosId} and status <> 'cancelled'
        group by season_crop_id order by sum(net_kg) desc, season_crop_id limit 1`,
  );
  if (!crop) return undefined;
  const proposed = await proposeSecondPayment(db, actors.administrator, {
    seasonCropId: crop.id,
    ratePerKg: SECOND_PAYMENT_RATE,
    amcosIds: [amcosId],
  });
  const approved = await approveSecondPayment(db, actors.financeManager, { id: proposed.id });
  return { paymentNo: approved.paymentNo, lines: approved.lines.length, total: approved.total };
}
