import { z } from 'zod';
import { listQuery, queryBoolean, uuid } from '../common.ts';
import { book } from '../financial-years.ts';
import { currencyCode } from './currencies.ts';

export const accountType = z.enum(['asset', 'liability', 'equity', 'income', 'expense']);
export type AccountType = z.infer<typeof accountType>;

const code = z.string().trim().min(1, 'Required').max(20);
const name = z.string().trim().min(1, 'Required').max(120);

export const accountClass = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  /** The Swahili name of a class the system created (Swahili screens show it, #35). */
  nameSw: z.string().nullable(),
  type: accountType,
  normalBalance: z.enum(['debit', 'credit']),
});
export type AccountClass = z.infer<typeof accountClass>;

export const accountGroup = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  /** The Swahili name of a group the system created (Swahili screens show it, #35). */
  nameSw: z.string().nullable(),
  classId: uuid,
  /** In the reader's language. */
  className: z.string(),
  type: accountType,
  active: z.boolean(),
});
export type AccountGroup = z.infer<typeof accountGroup>;
export const createAccountGroupBody = z.object({ code, name, classId: uuid });
export const updateAccountGroupBody = createAccountGroupBody
  .partial()
  .extend({ active: z.boolean().optional() });
export const accountGroupListQuery = listQuery.extend({
  type: accountType.optional(),
  class_id: uuid.optional(),
});
export const byTypeQuery = z.object({ type: accountType.optional() });

export const account = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  /** Swahili name of an account the system created (Swahili screens show it); null otherwise. */
  nameSw: z.string().nullable().optional(),
  book,
  groupId: uuid,
  groupName: z.string(),
  className: z.string(),
  type: accountType,
  currency: z.string(),
  isBankOrCash: z.boolean(),
  bankName: z.string().nullable(),
  bankAccountNumber: z.string().nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof account>;

export const createAccountBody = z.object({
  code,
  name,
  book,
  groupId: uuid,
  currency: currencyCode.default('TZS'),
  isBankOrCash: z.boolean().default(false),
  bankName: z.string().trim().max(120).nullable().default(null),
  bankAccountNumber: z.string().trim().max(40).nullable().default(null),
});
export type CreateAccountBody = z.infer<typeof createAccountBody>;
export const updateAccountBody = createAccountBody
  .omit({ book: true })
  .partial()
  .extend({ active: z.boolean().optional() });
export type UpdateAccountBody = z.infer<typeof updateAccountBody>;

export const accountListQuery = listQuery.extend({
  book: book.optional(),
  type: accountType.optional(),
  group_id: uuid.optional(),
  active: queryBoolean.optional(),
  is_bank_or_cash: queryBoolean.optional(),
});
export type AccountListQuery = z.infer<typeof accountListQuery>;
export const bookQuery = z.object({ book: book.optional() });

/** A short account for pickers. */
export const accountOption = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  book,
  type: accountType,
  currency: z.string(),
});
export type AccountOption = z.infer<typeof accountOption>;

export const accountExportQuery = z.object({ mode: book, type: z.enum(['xlsx', 'json']).default('xlsx') });

/** What each mapping key is for and which book its account must be in. */
export const MAPPING_KEYS = {
  buyer_receivable: 'collection',
  crop_proceeds_payable: 'collection',
  payable_amcos: 'collection',
  payable_farmers: 'collection',
  payable_beneficiaries: 'collection',
  payable_transporters: 'collection',
  farmer_loans: 'collection',
  collection_bank: 'collection',
  operation_bank: 'operation',
  inventory: 'operation',
  grni: 'operation',
  supplier_payables: 'operation',
  vat_input: 'operation',
  vat_output: 'operation',
  inputs_issued_expense: 'operation',
  levy_income: 'operation',
  // What the Collection book owes the Operation book, and its mirror (one event, two books).
  due_to_operation: 'collection',
  due_from_collection: 'operation',
  // Farmer inputs (#14): margin on inputs given to farmers, and the programme's share of subsidised ones.
  input_margin_income: 'operation',
  input_subsidy_receivable: 'operation',
  // Payouts through a provider's API (#30): the provider's fees, charged to the collection bank.
  payout_fees: 'collection',
  // Members (#32): the AMCOS' share capital in the union and the entrance fees they pay.
  share_capital: 'operation',
  entrance_fee_income: 'operation',
  // The appropriation of a year's surplus (#32): the statutory reserve, and the dividends and
  // patronage bonus owed to the AMCOS until paid.
  general_reserve: 'operation',
  dividends_payable: 'operation',
  // Not posting roles of business events: where closing a financial year puts each book's result.
  collection_retained_earnings: 'collection',
  operation_retained_earnings: 'operation',
} as const satisfies Record<string, z.infer<typeof book>>;
export type MappingKey = keyof typeof MAPPING_KEYS;
export const mappingKey = z.enum(Object.keys(MAPPING_KEYS) as [MappingKey, ...MappingKey[]]);

export const accountMapping = z.object({
  key: mappingKey,
  book,
  accountId: uuid.nullable(),
  accountCode: z.string().nullable(),
  accountName: z.string().nullable(),
});
export type AccountMapping = z.infer<typeof accountMapping>;
export const updateMappingsBody = z.object({
  mappings: z.array(z.object({ key: mappingKey, accountId: uuid })).min(1, 'Choose at least one mapping'),
});
export type UpdateMappingsBody = z.infer<typeof updateMappingsBody>;

export const accountReply = z.object({ message: z.string(), data: account });
export const accountDetailReply = z.object({ data: account });
export const accountGroupReply = z.object({ message: z.string(), data: accountGroup });
