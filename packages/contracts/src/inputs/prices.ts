import { z } from 'zod';
import { uuid } from '../common.ts';
import { amountField, compareDecimals } from '../fields.ts';

/** How a farmer's credit limit for an item is set: per acre of registered farm, or one amount. */
export const creditLimitBasis = z.enum(['per_acre', 'fixed']);
export type CreditLimitBasis = z.infer<typeof creditLimitBasis>;

/**
 * A season's price of one input to farmers, set by the union: on credit, for cash, and where a
 * programme pays part, the farmer's subsidised price and the programme's share per unit.
 */
export const inputPrice = z.object({
  id: uuid,
  seasonId: uuid,
  seasonName: z.string(),
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  unit: z.string(),
  creditPrice: z.string(),
  cashPrice: z.string(),
  subsidisedPrice: z.string().nullable(),
  programmeShare: z.string(),
  limitBasis: creditLimitBasis,
  /** TZS per acre (per_acre) or per farmer (fixed), on credit, for this item in the season. */
  creditLimit: z.string(),
  updatedAt: z.string(),
});
export type InputPrice = z.infer<typeof inputPrice>;

export const saveInputPriceBody = z
  .object({
    seasonId: z.uuid('Choose the season'),
    itemId: z.uuid('Choose the item'),
    creditPrice: amountField,
    cashPrice: amountField,
    subsidisedPrice: amountField.nullish().transform((v) => v ?? null),
    programmeShare: amountField.default('0'),
    limitBasis: creditLimitBasis,
    creditLimit: amountField,
  })
  .superRefine((v, ctx) => {
    if (v.subsidisedPrice === null && compareDecimals(v.programmeShare, '0') > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['subsidisedPrice'],
        message: 'Give the subsidised price the farmer pays, or leave the programme share at 0',
      });
    if (v.subsidisedPrice !== null && compareDecimals(v.programmeShare, '0') === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['programmeShare'],
        message: 'Give the programme share per unit',
      });
  });
export type SaveInputPriceBody = z.input<typeof saveInputPriceBody>;

export const inputPriceListQuery = z.object({ season_id: z.uuid('Choose the season') });
export const inputPriceList = z.object({ data: z.array(inputPrice) });
