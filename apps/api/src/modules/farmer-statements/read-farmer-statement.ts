import type { FarmerStatement, StatementLoan, StatementSettlement } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import type { DbOrTx } from '../../db/client.ts';
import { type Actor, assertSociety } from '../../platform/access.ts';
import { NotFoundError } from '../../platform/errors.ts';
import {
  farmerLoans,
  seasonCollections,
  seasonInputs,
  seasonRequests,
  seasonSecondPayments,
  seasonSettlements,
  settlementPayments,
  statementFarmer,
  statementSeason,
} from './queries.ts';

type Collections = FarmerStatement['collections'];
type PaymentRow = Awaited<ReturnType<typeof settlementPayments>>[number];

const paymentOf = ({ settlementId: _, ...payment }: PaymentRow) => payment;

const total = (values: string[], dp = 2) => sum(values).toFixed(dp);

/** The receipts and their kilograms by crop and grade; a cancelled receipt counts for nothing. */
function collectionsOf(receipts: Collections['receipts']): Collections {
  const live = receipts.filter((r) => r.status !== 'cancelled');
  const grades = new Map<string, Collections['receipts']>();
  for (const r of live) {
    const key = `${r.cropName}\u0000${r.gradeCode}`;
    grades.set(key, [...(grades.get(key) ?? []), r]);
  }
  return {
    receipts,
    byGrade: [...grades.values()].map((rows) => ({
      cropName: rows[0]?.cropName ?? '',
      gradeCode: rows[0]?.gradeCode ?? '',
      gradeName: rows[0]?.gradeName ?? '',
      receipts: rows.length,
      bags: rows.reduce((n, r) => n + r.bags, 0),
      netKg: total(
        rows.map((r) => r.netKg),
        3,
      ),
    })),
    totals: {
      receipts: live.length,
      bags: live.reduce((n, r) => n + r.bags, 0),
      netKg: total(
        live.map((r) => r.netKg),
        3,
      ),
    },
  };
}

/** The settlements' sums; what was paid is the net of the settlements whose payment line is paid. */
function settlementTotals(rows: StatementSettlement[]): FarmerStatement['settlements']['totals'] {
  const net = total(rows.map((r) => r.net));
  const paid = total(rows.filter((r) => r.payment?.status === 'paid').map((r) => r.net));
  return {
    kg: total(
      rows.map((r) => r.kg),
      3,
    ),
    grossShare: total(rows.map((r) => r.grossShare)),
    deductions: total(rows.map((r) => r.deductions)),
    loanRecovery: total(rows.map((r) => r.loanRecovery)),
    memberShares: total(rows.map((r) => r.memberShares)),
    net,
    paid,
    unpaid: sum([net]).minus(paid).toFixed(2),
  };
}

/** Given, recovered and owed: approved (active) loans only; a draft advance is not given yet. */
function loanTotals(rows: StatementLoan[]): FarmerStatement['loans']['totals'] {
  const active = rows.filter((l) => l.status === 'active');
  return {
    given: total(active.map((l) => l.amount)),
    recovered: total(active.map((l) => l.recovered)),
    outstanding: total(active.map((l) => l.outstanding)),
  };
}

const EMPTY: Omit<FarmerStatement, 'farmer' | 'season'> = {
  collections: collectionsOf([]),
  settlements: { rows: [], totals: settlementTotals([]) },
  secondPayments: [],
  loans: { rows: [], totals: loanTotals([]) },
  inputs: [],
  requests: [],
};

/**
 * A farmer's season statement (#27): farmer → season → receipts → settlements and their payment
 * lines → loans and their recoveries → inputs → requests. Union staff read any farmer's; an AMCOS
 * user only their own society's (403 otherwise). The one read behind the farmer's page and the
 * printed statement, and the one #31's USSD and SMS are to give farmers.
 */
export async function readFarmerStatement(
  db: DbOrTx,
  actor: Actor,
  input: { farmerId: string; seasonId?: string | undefined },
): Promise<FarmerStatement> {
  const farmer = await statementFarmer(db, input.farmerId);
  if (!farmer) throw new NotFoundError('Farmer not found');
  assertSociety(actor, farmer.amcosId);
  const season = await statementSeason(db, input.seasonId);
  if (input.seasonId && !season) throw new NotFoundError('Season not found');
  if (!season) return { farmer, season: null, ...EMPTY };
  const [receipts, shares, inputs, requests, secondPayments] = await Promise.all([
    seasonCollections(db, farmer.id, season.id),
    seasonSettlements(db, farmer.id, season.id),
    seasonInputs(db, farmer.id, season.id),
    seasonRequests(db, farmer.id, season.id),
    seasonSecondPayments(db, farmer, season.id),
  ]);
  const settlementIds = shares.map((s) => s.settlementId);
  const [payments, loans] = await Promise.all([
    settlementPayments(db, farmer, settlementIds),
    farmerLoans(db, farmer.id, season, settlementIds),
  ]);
  const settlements = shares.map((s) => {
    const line = payments.find((p) => p.settlementId === s.settlementId);
    return { ...s, payment: line ? paymentOf(line) : null };
  });
  return {
    farmer,
    season,
    collections: collectionsOf(receipts),
    settlements: { rows: settlements, totals: settlementTotals(settlements) },
    secondPayments,
    loans: { rows: loans, totals: loanTotals(loans) },
    inputs,
    requests,
  };
}
