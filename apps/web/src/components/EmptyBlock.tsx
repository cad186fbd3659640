import { Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface EmptyBlockProps {
  icon: TablerIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}

/** What a list or panel shows when there is nothing in it yet. */
export function EmptyBlock({ icon: Icon, title, description, action }: EmptyBlockProps) {
  return (
    <Center py="xl" data-testid="empty-state">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon variant="light" size={48} radius="xl" color="gray">
          <Icon size={26} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Text fw={500}>{title}</Text>
        {description && (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

export function LoadingBlock() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-label={t('common.loading')}>
      <Loader size="sm" />
    </Center>
  );
}
