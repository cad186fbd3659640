import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Crumb {
  label: string;
  to?: string;
}

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /**
   * @deprecated Not shown: the app layout draws the breadcrumb and the section's tabs from the
   * route table (app/layouts/SectionNav.tsx), the same on every screen.
   */
  breadcrumbs?: Crumb[];
  /** Buttons on the right: create, export, approve... */
  actions?: ReactNode;
  /** Beside the title: a record's status badge. */
  badge?: ReactNode;
}

/** Title, optional description, and the page's main actions (the breadcrumb is the layout's). */
export function PageHeader({ title, description, actions, badge }: PageHeaderProps) {
  return (
    <Stack gap={4} mb="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {title}
            </Title>
            {badge}
          </Group>
          {description && (
            <Text c="dimmed" size="sm" mt={4}>
              {description}
            </Text>
          )}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
    </Stack>
  );
}
