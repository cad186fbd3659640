import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A small label over its value, for drawers and compact facts (InfoGrid lays out a record's). */
export function LabelledValue({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}
