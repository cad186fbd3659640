import type { ReactNode } from 'react';
import { LinesTable } from '../../components/LinesTable.tsx';

export interface SeasonColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  /** The column's cell in the totals row. */
  total?: ReactNode;
}

/**
 * One table of the farmer's season (receipts, settlements, loans...): the shared LinesTable, its
 * figures right-aligned, a totals row when a column has one (each total cell with a test id), an
 * empty state, and a sideways scroll in its own region on a phone.
 */
export function SeasonTable<T>(props: {
  label: string;
  columns: SeasonColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  testId: string;
}) {
  const { columns, testId } = props;
  const withTotals = columns.filter((c) => c.total !== undefined);
  return (
    <LinesTable
      label={props.label}
      columns={columns.map(({ key, header, render, align }) => ({
        key,
        header,
        render,
        align,
        totalTestId: `${testId}-total-${key}`,
      }))}
      lines={props.rows}
      lineKey={props.rowKey}
      totals={withTotals.length > 0 ? Object.fromEntries(withTotals.map((c) => [c.key, c.total])) : undefined}
      empty={{ title: props.empty }}
      minWidth={560}
      testId={testId}
    />
  );
}
