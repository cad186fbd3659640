import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard figure: its label, the figure, what it counts (the hint), and any breakdown below. */
export function StatCard({
  label,
  value,
  hint,
  testId,
  children,
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" data-testid={`${testId}-hint`}>
          {hint}
        </Text>
      )}
      {children}
    </Paper>
  );
}
