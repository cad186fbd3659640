import type { ReactNode } from 'react';

/** What a column is on a phone's card: the record's number, its status, its party, its amount. */
export type CardRole = 'title' | 'status' | 'party' | 'amount' | 'action' | 'detail' | 'hidden';

export interface Column<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The API's sort field; columns without one cannot be sorted. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Its place on a phone's card (number, status, party, amount...); guessed from the key if left out. */
  card?: CardRole;
}
