import { Box, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { MainLoader } from '../../components/PageLoader.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import { LanguageSwitch, ThemeSwitch } from './PreferenceSwitches.tsx';

/** Sign-in and error screens: brand, the page, and the language and theme switches. */
export default function AuthLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)" pos="relative">
      <MainLoader />
      <Group justify="flex-end" p="md" gap="xs">
        <LanguageSwitch />
        <ThemeSwitch />
      </Group>
      <Center px="md" pb="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Group gap="xs" justify="center">
            <IconPlant2 size={32} color="var(--mantine-color-teal-6)" aria-hidden />
            <div>
              <Title order={1} size="h3">
                {t('app.brand')}
              </Title>
              <Text size="xs" c="dimmed">
                {t('app.tagline')}
              </Text>
            </div>
          </Group>
          <main>
            <Outlet />
          </main>
        </Stack>
      </Center>
    </Box>
  );
}
