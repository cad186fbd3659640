import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown when a screen fails to render or its code cannot be fetched (e.g. after a deploy). */
export function RouteErrorFallback() {
  const { t } = useTranslation();
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" ta="center" maw={420} role="alert">
        <Title order={2} size="h3">
          {t('errorScreens.technical_issue.title')}
        </Title>
        <Text c="dimmed">{t('errorScreens.technical_issue.description')}</Text>
        <Button onClick={() => window.location.reload()}>{t('errorScreens.reload')}</Button>
      </Stack>
    </Center>
  );
}
