import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Labelled values of a record in a grid; an empty value shows a dash. */
export function InfoGrid({ items, testId }: { items: [string, ReactNode][]; testId?: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md" data-testid={testId}>
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
