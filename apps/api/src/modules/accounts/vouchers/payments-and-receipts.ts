import { baseAmount, sum } from '@ushirika/domain';

/** What a voucher posts in TZS: the sum of its lines, each converted and rounded on its own. */
export const voucherBase = (amounts: string[], rate: string) =>
  sum(amounts.map((a) => baseAmount(a, rate))).toFixed(2);
