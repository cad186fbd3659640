import { SimpleGrid, type SimpleGridProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Labelled values of a record in a grid; an empty value shows a dash. */
export function InfoGrid({
  items,
  cols = { base: 1, sm: 2, md: 4 },
  testId,
}: {
  items: [string, ReactNode][];
  /** Columns (default 1 on a phone, 2, then 4); fewer where the grid shares the row. */
  cols?: SimpleGridProps['cols'];
  testId?: string;
}) {
  return (
    <SimpleGrid cols={cols} spacing="md" data-testid={testId}>
      {items.map(([label, value]) => (
        <Stack gap={0} key={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={500}>{value === null || value === undefined || value === '' ? '—' : value}</Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
