import { Group, Paper, type PaperProps, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionProps extends Pick<PaperProps, 'mt' | 'mb'> {
  title?: string;
  /** Buttons on the section's right. */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** A bordered card with an optional heading and actions: one part of a details or report page. */
export function Section({ title, actions, children, mt, mb, 'data-testid': testId }: SectionProps) {
  return (
    <Paper withBorder p="md" radius="md" mt={mt} mb={mb} data-testid={testId}>
      {(title || actions) && (
        <Group justify="space-between" align="center" mb="sm" gap="sm">
          <Title order={2} size="h4">
            {title}
          </Title>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
      )}
      {children}
    </Paper>
  );
}
