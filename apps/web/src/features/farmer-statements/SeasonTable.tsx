import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface SeasonColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'right';
  /** The column's cell in the totals row. */
  total?: ReactNode;
}

/**
 * One table of the farmer's season (receipts, settlements, loans...): its figures right-aligned, a
 * totals row when a column has one, and a sentence when there is nothing. It scrolls sideways in
 * its own box on a phone.
 */
export function SeasonTable<T>(props: {
  label: string;
  columns: SeasonColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  testId: string;
}) {
  const { columns, rows } = props;
  if (rows.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid={`${props.testId}-empty`}>
        {props.empty}
      </Text>
    );
  const totals = columns.some((c) => c.total !== undefined);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label={props.label} data-testid={props.testId} striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={c.align}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={props.rowKey(row)}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align}>
                  {c.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {columns.map((c) => (
                <Table.Td key={c.key} ta={c.align} data-testid={`${props.testId}-total-${c.key}`}>
                  {c.total ?? ''}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
