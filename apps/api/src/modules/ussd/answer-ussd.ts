import { createHash } from 'node:crypto';
import { normalisePhone, type UssdStep } from '@ushirika/contracts';
import { addNamedDeductions, dec, farmerDeductionsByName, type NamedDeduction } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { TooManyRequestsError } from '../../platform/errors.ts';
import { withLanguage } from '../../platform/labels.ts';
import { consumeRateLimit } from '../../platform/rate-limit.ts';
import { readFarmerStatement } from '../farmer-statements/read-farmer-statement.ts';
import { decoyPinHash, hashPin, isPinShape, verifyPin, verifyPinOnce } from './pin.ts';
import { callerByPhone, farmerDeductionLines, latestAuctionPrices, type UssdCaller } from './queries.ts';
import { farmerPins, ussdReplies } from './schema.ts';
import { con, end, kgOf, pageOfLines, say, tzs, type UssdLang } from './screens.ts';

/** Wrong PINs in a row that lock the service until the AMCOS unlocks it. */
export const PIN_TRIES = 3;
/** The window of the per-phone rate limit. */
const RATE_WINDOW_SECONDS = 300;

/** The key of one step: the session, the caller and what they typed, hashed (the text holds the PIN). */
const stepKey = (step: UssdStep, phone: string) =>
  createHash('sha256').update(`${step.sessionId}\n${phone}\n${step.text}`).digest('base64url');

class AlreadyAnswered extends Error {}

/**
 * One step of a farmer's USSD session (#31), answered as the aggregator expects (`CON `/`END ` and
 * the screen). Like the sign-in protocol it runs for a caller still proving who they are, with the
 * request's context (the caller's number, the session), not `(db, actor, input)`: the PIN in the
 * text is checked at every step, since the aggregator sends every answer of the session each time.
 *
 * The same session and text answer the same screen: a step is answered once, in one transaction
 * with what it changed (a wrong PIN counted, a PIN changed), and its reply kept under its key; an
 * aggregator's retry reads the kept reply. One phone may take `perPhone` steps in 5 minutes.
 */
export async function answerUssd(db: Db, step: UssdStep, perPhone: number): Promise<string> {
  const phone = normalisePhone(step.phoneNumber);
  const key = stepKey(step, phone);
  const kept = await keptReply(db, key);
  if (kept !== null) return kept;
  const inputs = step.text === '' ? [] : step.text.split('*').map((s) => s.trim());
  const lang: UssdLang = inputs[0] === '0' ? 'en' : 'sw';
  try {
    await consumeRateLimit(db, `ussd:${phone}`, perPhone, RATE_WINDOW_SECONDS);
  } catch (error) {
    if (error instanceof TooManyRequestsError) return end(say(lang, 'busy'));
    throw error;
  }
  try {
    return await db.transaction(async (tx) => {
      const reply = await dialogue(tx, phone, inputs);
      const saved = await tx
        .insert(ussdReplies)
        .values({ stepKey: key, reply })
        .onConflictDoNothing()
        .returning({ key: ussdReplies.stepKey });
      // The same step answered meanwhile (a retry that overtook this one): theirs stands, ours undone.
      if (saved.length === 0) throw new AlreadyAnswered();
      return reply;
    });
  } catch (error) {
    if (!(error instanceof AlreadyAnswered)) throw error;
    return (await keptReply(db, key)) ?? end(say(lang, 'badChoice'));
  } finally {
    // Kept a day: a session lasts minutes.
    if (Math.random() < 0.01) await db.delete(ussdReplies).where(sql`created_at < now() - interval '1 day'`);
  }
}

async function keptReply(db: DbOrTx, key: string): Promise<string | null> {
  const [row] = await db
    .select({ reply: ussdReplies.reply })
    .from(ussdReplies)
    .where(eq(ussdReplies.stepKey, key));
  return row?.reply ?? null;
}

/** The screen for the answers so far: "0" first chooses English, then the PIN, then the menus. */
async function dialogue(tx: DbOrTx, phone: string, inputs: string[]): Promise<string> {
  const english = inputs[0] === '0';
  const lang: UssdLang = english ? 'en' : 'sw';
  const rest = english ? inputs.slice(1) : inputs;
  const [pin, ...menu] = rest;
  if (pin === undefined) return con(say(lang, 'welcome'));
  if (!isPinShape(pin)) return end(say(lang, 'pinShape'));
  const farmer = await signIn(tx, phone, pin);
  if (!farmer) return end(say(lang, 'denied'));
  if (menu.length === 0) {
    await tx
      .update(farmerPins)
      .set({ language: lang, lastUsedAt: sql`now()` })
      .where(eq(farmerPins.farmerId, farmer.farmerId));
  }
  return walkMenu(tx, farmer, lang, menu);
}

/**
 * The farmer whose phone this is and whose PIN this is, or null. An unknown number, a number with
 * no PIN and a locked PIN spend the same hashing time and get the same null as a wrong PIN. A
 * wrong PIN counts; the third in a row locks. A right one clears the count.
 */
async function signIn(tx: DbOrTx, phone: string, pin: string): Promise<UssdCaller | null> {
  const caller = await callerByPhone(tx, phone);
  if (!caller?.pinHash || caller.locked) {
    await verifyPin(await decoyPinHash(), pin);
    return null;
  }
  if (!(await verifyPinOnce(caller.pinHash, pin))) {
    await tx
      .update(farmerPins)
      .set({
        failedAttempts: sql`${farmerPins.failedAttempts} + 1`,
        lockedAt: sql`case when ${farmerPins.failedAttempts} + 1 >= ${PIN_TRIES} then now() end`,
      })
      .where(eq(farmerPins.farmerId, caller.farmerId));
    return null;
  }
  if (caller.failedAttempts) {
    await tx.update(farmerPins).set({ failedAttempts: 0 }).where(eq(farmerPins.farmerId, caller.farmerId));
  }
  return caller;
}

/** The menus: a choice, then "98" for the next page or "0" back to the menu, or the PIN change. */
async function walkMenu(tx: DbOrTx, farmer: UssdCaller, lang: UssdLang, inputs: string[]): Promise<string> {
  let at = 0;
  for (;;) {
    const choice = inputs[at];
    if (choice === undefined) return con(say(lang, 'menu', { name: farmer.firstName }));
    if (choice === '5') return changePin(tx, farmer, lang, inputs.slice(at + 1));
    if (!['1', '2', '3', '4'].includes(choice)) return end(say(lang, 'badChoice'));
    let page = 0;
    let next = at + 1;
    let back = false;
    for (; next < inputs.length; next++) {
      if (inputs[next] === '98') page += 1;
      else if (inputs[next] === '0') {
        back = true;
        break;
      } else return end(say(lang, 'badChoice'));
    }
    if (back) {
      at = next + 1;
      continue;
    }
    const lines = await screenLines(tx, farmer, lang, choice);
    return pageOfLines(lines, page, lang).text;
  }
}

async function changePin(tx: DbOrTx, farmer: UssdCaller, lang: UssdLang, inputs: string[]): Promise<string> {
  const [first, second] = inputs;
  if (first === undefined) return con(say(lang, 'newPin'));
  if (!isPinShape(first)) return end(say(lang, 'pinShape'));
  if (second === undefined) return con(say(lang, 'confirmPin'));
  if (second !== first) return end(say(lang, 'pinsDiffer'));
  await tx
    .update(farmerPins)
    .set({ pinHash: await hashPin(first), changedAt: sql`now()`, failedAttempts: 0 })
    .where(eq(farmerPins.farmerId, farmer.farmerId));
  return end(say(lang, 'pinChanged'));
}

/** The farmer reading their own statement: confined to their society, allowed nothing else. */
const farmerActor = (farmer: UssdCaller): Actor => ({
  userId: farmer.farmerId,
  sessionId: 'ussd',
  amcosId: farmer.amcosId,
  permissions: new Set(),
});

/**
 * A menu's lines, from the farmer's season statement (the one read behind their page and the
 * printed statement: the settlement's, the payment's and the loan's own figures) or the auction
 * prices. Money and kilograms are formatted from their decimal strings.
 */
async function screenLines(
  tx: DbOrTx,
  farmer: UssdCaller,
  lang: UssdLang,
  choice: string,
): Promise<string[]> {
  if (choice === '4') {
    const prices = await latestAuctionPrices(tx, farmer.amcosId, lang);
    const first = prices[0];
    if (!first) return [say(lang, 'noPrices')];
    return [
      say(lang, 'auction', { no: first.auctionNo, date: first.auctionDate }),
      ...prices.map((p) =>
        say(lang, 'price', {
          grade: p.gradeName,
          average: tzs(p.averagePrice),
          min: tzs(p.minPrice),
          max: tzs(p.maxPrice),
        }),
      ),
    ];
  }
  const s = await withLanguage(lang, () =>
    readFarmerStatement(tx, farmerActor(farmer), { farmerId: farmer.farmerId }),
  );
  if (choice === '1') {
    if (!s.season) return [say(lang, 'noSeason')];
    const c = s.collections;
    return [
      say(lang, 'deliveries', {
        season: s.season.name,
        receipts: c.totals.receipts,
        kg: kgOf(c.totals.netKg),
      }),
      ...c.byGrade.map((g) =>
        say(lang, 'grade', { crop: g.cropName, grade: g.gradeCode, kg: kgOf(g.netKg) }),
      ),
      ...(s.settlements.rows.length
        ? [say(lang, 'value', { amount: tzs(s.settlements.totals.grossShare) })]
        : []),
    ];
  }
  if (choice === '2') {
    const rows = s.settlements.rows;
    // Second payments (#32) after the settlements, each with its payment line's status.
    const second = s.secondPayments.map((p) =>
      say(lang, 'secondPayment', {
        no: p.paymentNo,
        kg: kgOf(p.kg),
        rate: tzs(p.ratePerKg),
        amount: tzs(p.amount),
        status: paymentStatus(lang, p.payment),
      }),
    );
    if (rows.length === 0) return second.length ? second : [say(lang, 'noPayments')];
    const t = s.settlements.totals;
    const named = s.season
      ? await deductionsByName(
          tx,
          { farmerId: farmer.farmerId, seasonId: s.season.id },
          rows.map((r) => r.settlementId),
          lang,
        )
      : new Map<string, NamedDeduction[]>();
    return [
      ...rows.flatMap((r) => [
        say(lang, dec(r.memberShares).isZero() ? 'settlement' : 'settlementWithShares', {
          no: r.settlementNo,
          gross: tzs(r.grossShare),
          deductions: tzs(r.deductions),
          loan: tzs(r.loanRecovery),
          shares: tzs(r.memberShares),
          net: tzs(r.net),
          status: paymentStatus(lang, r.payment),
        }),
        ...(named.get(r.settlementId) ?? []).map((d) =>
          say(lang, 'deduction', { name: d.name, amount: tzs(d.amount) }),
        ),
      ]),
      say(lang, 'paymentTotals', { net: tzs(t.net), paid: tzs(t.paid), unpaid: tzs(t.unpaid) }),
      ...second,
    ];
  }
  const active = s.loans.rows.filter((l) => l.status === 'active');
  if (active.length === 0) return [say(lang, 'noLoans')];
  const t = s.loans.totals;
  return [
    say(lang, 'loanTotals', {
      given: tzs(t.given),
      recovered: tzs(t.recovered),
      outstanding: tzs(t.outstanding),
    }),
    ...active.map((l) =>
      say(lang, 'loan', {
        no: l.loanNo,
        kind: say(lang, l.source === 'distribution' ? 'inputsLoan' : 'cashLoan'),
        amount: tzs(l.amount),
        outstanding: tzs(l.outstanding),
      }),
    ),
  ];
}

/**
 * Each settlement's deductions named one by one (#31): per lot, the farmer's share of the lot's
 * deductions split across its lines (`farmerDeductionsByName`), then added up by name over the
 * settlement's lots, so the named amounts add up to the settlement's deductions shown above them.
 */
async function deductionsByName(
  tx: DbOrTx,
  { farmerId, seasonId }: { farmerId: string; seasonId: string },
  settlementIds: string[],
  lang: UssdLang,
): Promise<Map<string, NamedDeduction[]>> {
  const lots = new Map<string, { settlementId: string; share: string; lines: NamedDeduction[] }>();
  for (const row of await farmerDeductionLines(tx, farmerId, seasonId, settlementIds)) {
    const lot = lots.get(row.lotId) ?? { settlementId: row.settlementId, share: row.share, lines: [] };
    lot.lines.push({ name: row.charge ? say(lang, 'transportCharge') : row.name, amount: row.amount });
    lots.set(row.lotId, lot);
  }
  const bySettlement = new Map<string, NamedDeduction[][]>();
  for (const lot of lots.values())
    bySettlement.set(lot.settlementId, [
      ...(bySettlement.get(lot.settlementId) ?? []),
      farmerDeductionsByName(lot.share, lot.lines),
    ]);
  return new Map([...bySettlement].map(([id, groups]) => [id, addNamedDeductions(groups)]));
}

type Payment = Awaited<ReturnType<typeof readFarmerStatement>>['settlements']['rows'][number]['payment'];

function paymentStatus(lang: UssdLang, payment: Payment): string {
  if (!payment) return say(lang, 'unpaidStatus');
  if (payment.status === 'paid') return say(lang, 'paidStatus', { ref: payment.reference });
  if (payment.status === 'failed') return say(lang, 'failedStatus');
  return say(lang, 'pendingStatus');
}
