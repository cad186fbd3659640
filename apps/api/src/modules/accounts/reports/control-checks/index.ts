import { dueBetweenBooks } from './between-books.ts';
import type { ControlCheckDefinition } from './check.ts';
import { buyerReceivables, cropProceeds } from './crop-sales.ts';
import { inventoryStock } from './inventory.ts';
import { memberShares } from './member-shares.ts';
import { farmerLoans, payables } from './settlement.ts';
import { supplierPayables } from './supplier-payables.ts';

/** Every control account the report compares, in its order. Add a module's check here. */
export const CONTROL_CHECKS: ControlCheckDefinition[] = [
  buyerReceivables,
  cropProceeds,
  farmerLoans,
  ...payables,
  supplierPayables,
  inventoryStock,
  memberShares,
  dueBetweenBooks,
];
