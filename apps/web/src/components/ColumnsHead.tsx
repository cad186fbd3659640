import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table's header row: each column's header, aligned as its cells are. */
export function ColumnsHead({
  columns,
}: {
  columns: readonly { key: string; header: ReactNode; align?: 'left' | 'right' | 'center' | undefined }[];
}) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c) => (
          <Table.Th key={c.key} ta={c.align}>
            {c.header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
