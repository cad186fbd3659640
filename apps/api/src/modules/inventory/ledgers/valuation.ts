import { type DecimalLike, dec, toMoney } from '@ushirika/domain';

export type Balance = { quantity: string; value: string; avgCost: string };

/**
 * Weighted average cost on a receipt: the value received (quantity x unit cost, to the cent)
 * is added, and the average is the new value over the new quantity.
 */
export function afterReceipt(before: Balance, quantity: DecimalLike, unitCost: DecimalLike) {
  const value = toMoney(dec(quantity).times(dec(unitCost)));
  const newQuantity = dec(before.quantity).plus(dec(quantity));
  const newValue = dec(before.value).plus(dec(value));
  return {
    value,
    balance: {
      quantity: newQuantity.toFixed(3),
      value: newValue.toFixed(2),
      avgCost: newQuantity.isZero() ? '0.000000' : newValue.div(newQuantity).toFixed(6),
    } satisfies Balance,
  };
}

/**
 * An issue at the current average: its share of the balance's value, to the cent, so the last
 * unit out takes exactly what is left and the store never keeps a cent without stock.
 * Null when the store holds less than asked.
 */
export function afterIssue(before: Balance, quantity: DecimalLike) {
  const asked = dec(quantity);
  const held = dec(before.quantity);
  if (asked.gt(held)) return null;
  const value = asked.eq(held)
    ? dec(before.value)
    : dec(before.value).times(asked).div(held).toDecimalPlaces(2);
  const newQuantity = held.minus(asked);
  return {
    value: value.toFixed(2),
    balance: {
      quantity: newQuantity.toFixed(3),
      value: dec(before.value).minus(value).toFixed(2),
      avgCost: newQuantity.isZero() ? '0.000000' : dec(before.avgCost).toFixed(6),
    } satisfies Balance,
  };
}
