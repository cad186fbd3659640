import { describe, expect, it } from 'vitest';
import type { Column } from './column.ts';
import { cardRoles } from './DataCards.tsx';

/** A column named by its key, as the list pages write them. */
const col = (key: string, card?: Column<unknown>['card']): Column<unknown> => ({
  key,
  header: key,
  render: () => null,
  ...(card ? { card } : {}),
});
const roles = (...columns: Column<unknown>[]) => cardRoles(columns);

describe('a list row on a phone’s card (#27)', () => {
  it('puts the number first, then status, party and amount, the rest as details, actions last', () => {
    // The input requests list: number, date, farmer, AMCOS, season, credit value, status.
    expect(
      roles(col('no'), col('date'), col('farmer'), col('amcos'), col('season'), col('value'), col('status')),
    ).toEqual(['title', 'detail', 'party', 'detail', 'detail', 'amount', 'status']);
  });

  it('takes the first party and the first amount only; later ones are details', () => {
    expect(roles(col('number'), col('supplier'), col('store'), col('total'), col('balance'))).toEqual([
      'title',
      'party',
      'detail',
      'amount',
      'detail',
    ]);
  });

  it('knows actions by their key and keeps the place a column names for itself', () => {
    expect(roles(col('batch'), col('open'), col('approve'), col('kg', 'amount'), col('net'))).toEqual([
      'title',
      'action',
      'action',
      'amount',
      // The column that names itself the amount is the one: "net" is a detail then.
      'detail',
    ]);
    expect(roles(col('status', 'hidden'), col('no', 'title'), col('farmer', 'detail'), col('buyer'))).toEqual(
      ['hidden', 'title', 'detail', 'party'],
    );
  });
});
