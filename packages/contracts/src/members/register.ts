import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { amountField, detailReply, isAboveZero, isoDate, optionalText, savedReply } from '../fields.ts';

/**
 * Member registers (#32): the union's (its AMCOS) and each AMCOS's (its farmers). `society` is
 * 'union' for the union's register, else the AMCOS's id. Shares are amounts in TZS.
 */
export const memberSociety = z.union([z.literal('union'), z.uuid('Choose the union or an AMCOS')]);
export type MemberSociety = z.infer<typeof memberSociety>;

/** active: the by-law share minimum is paid; pending: not yet. */
export const memberStatus = z.enum(['active', 'pending']);
export type MemberStatus = z.infer<typeof memberStatus>;

export const member = z.object({
  id: uuid,
  society: memberSociety,
  memberNo: z.string(),
  /** The AMCOS (union register) or the farmer (an AMCOS's register). */
  name: z.string(),
  memberAmcosId: uuid.nullable(),
  farmerId: uuid.nullable(),
  joinedOn: z.string(),
  sharesSubscribed: money,
  sharesPaid: money,
  sharesUnpaid: money,
  openingSharesPaid: money,
  entranceFeePaid: money,
  status: memberStatus,
  /** A union member's choice (#32): its dividend and bonus pay its unpaid shares first. */
  dividendToShares: z.boolean(),
});
export type Member = z.infer<typeof member>;

export const memberListQuery = listQuery.extend({
  society: memberSociety.default('union'),
  status: memberStatus.optional(),
});
export type MemberListQuery = z.infer<typeof memberListQuery>;

/** The register's page, with the whole register's totals (its shares sub-ledger). */
export const memberList = paged(member).extend({
  totals: z.object({
    members: z.number(),
    sharesSubscribed: money,
    sharesPaid: money,
    entranceFeePaid: money,
    shareMinimum: money,
  }),
});
export type MemberList = z.infer<typeof memberList>;

const amountOrZero = amountField.optional().transform((v) => v ?? '0');

export const createMemberBody = z.object({
  society: memberSociety,
  /** For the union's register: the AMCOS joining. */
  memberAmcosId: uuid.optional(),
  /** For an AMCOS's register: the farmer joining. */
  farmerId: uuid.optional(),
  /** Empty: the AMCOS's code (union) or the farmer number (AMCOS). */
  memberNo: optionalText(40),
  joinedOn: isoDate,
  sharesSubscribed: amountField,
  /** Shares paid before going live: in the opening trial balance already, never posted again. */
  openingSharesPaid: amountOrZero,
});
export type CreateMemberBody = z.infer<typeof createMemberBody>;

export const updateMemberBody = z.object({
  memberNo: z.string().trim().min(1, 'Give the member number').max(40).optional(),
  joinedOn: isoDate.optional(),
  sharesSubscribed: amountField.optional(),
  /** The union's members only: the dividend and bonus pay the unpaid shares first. */
  dividendToShares: z.boolean().optional(),
});
export type UpdateMemberBody = z.infer<typeof updateMemberBody>;

export const memberPaymentKind = z.enum(['shares', 'entrance_fee']);
export type MemberPaymentKind = z.infer<typeof memberPaymentKind>;

export const memberPayment = z.object({
  id: uuid,
  receiptNo: z.string(),
  kind: memberPaymentKind,
  amount: money,
  paidOn: z.string(),
  bankAccountId: uuid.nullable(),
  bankAccountName: z.string().nullable(),
  reference: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  /** Paid from crop money (#32): the settlement that deducted it, else null (cash). */
  settlementId: uuid.nullable(),
  settlementNo: z.string().nullable(),
  /** Paid from its dividend and bonus (#32): the appropriation, else null. */
  appropriationId: uuid.nullable(),
  appropriationNo: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberPayment = z.infer<typeof memberPayment>;

export const recordMemberPaymentBody = z.object({
  kind: memberPaymentKind,
  amount: amountField.refine(isAboveZero, 'The amount must be above zero'),
  paidOn: isoDate,
  /** The union's members: the bank or cash account that received it. An AMCOS keeps its own. */
  bankAccountId: uuid.optional(),
  reference: optionalText(80),
});
export type RecordMemberPaymentBody = z.infer<typeof recordMemberPaymentBody>;

/** One line of a member's statement: a payment, with the shares and fees paid after it. */
export const memberStatementLine = memberPayment.extend({ sharesPaidAfter: money, feesPaidAfter: money });
export type MemberStatementLine = z.infer<typeof memberStatementLine>;

/** A member's share statement: the member, the opening shares, and every payment in order. */
export const memberStatement = z.object({
  member,
  societyName: z.string(),
  lines: z.array(memberStatementLine),
});
export type MemberStatement = z.infer<typeof memberStatement>;
export const memberStatementQuery = z.object({ format: z.enum(['json', 'pdf', 'xlsx']).default('json') });

export const memberSettingsQuery = z.object({ society: memberSociety.default('union') });
export const memberSettingsBody = z.object({ society: memberSociety, shareMinimum: amountField });
/** A register's by-law share minimum, read and saved as one component. */
export const memberSettings = z.object({ society: memberSociety, shareMinimum: money });
export type MemberSettings = z.infer<typeof memberSettings>;
export const memberSettingsReply = detailReply(memberSettings);
export const memberSettingsSaved = savedReply(memberSettings);

/** Candidates a register can add: AMCOS (union) or farmers (an AMCOS) not yet members. */
export const memberCandidateQuery = z.object({
  society: memberSociety.default('union'),
  search: z.string().trim().max(100).optional(),
});
export const memberCandidates = z.object({
  data: z.array(z.object({ id: uuid, code: z.string(), name: z.string() })),
});
export type MemberCandidate = z.infer<typeof memberCandidates>['data'][number];
