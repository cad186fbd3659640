/** How the bank reconciliation reads the CSV statements the tests import (the golden fixtures' columns). */
export const CSV_MAPPING = {
  date: 'Txn Date',
  valueDate: 'Value Date',
  reference: 'Reference',
  description: 'Narrative',
  amountOut: 'Debit',
  amountIn: 'Credit',
  balance: 'Balance',
  dateFormat: 'DD/MM/YYYY' as const,
};
