import { Group, Stack, Text } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The header's logo and name, with who the app is for under it (union, AMCOS, buying post). */
export function BrandMark({ audience }: { audience: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap">
      <IconPlant2 size={28} color="var(--mantine-color-teal-6)" aria-hidden />
      <Stack gap={0}>
        <Text fw={700} size="lg" lh={1.1}>
          {t('app.brand')}
        </Text>
        <Text size="xs" c="dimmed" lh={1.1} data-testid="audience-label">
          {audience}
        </Text>
      </Stack>
    </Group>
  );
}
