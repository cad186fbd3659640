import { ActionIcon, Box, Group, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse, IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '@ushirika/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './BrandMark.tsx';
import { LanguageSwitch, ThemeSwitch } from './PreferenceSwitches.tsx';
import { SkipLink } from './SkipLink.tsx';
import { useKeptLanguage } from './use-kept-language.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * The installed buying-post app's page (#29): brand, language and theme, a way to the office's
 * screens and sign-out, then the weighing device. No office menus: on a phone at the scale it opens
 * quickly, offline too.
 */
export function DeviceLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTranslation();
  const keepLanguage = useKeptLanguage(user);
  const signOut = useSignOut();
  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <SkipLink />
      <Group
        component="header"
        h={56}
        px="md"
        justify="space-between"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <BrandMark audience={t('offlineMd.appName')} />
        <Group gap="xs" wrap="nowrap">
          <LanguageSwitch onChosen={keepLanguage} />
          <ThemeSwitch />
          <Tooltip label={t('offlineMd.toOffice')}>
            <ActionIcon
              component="a"
              href="/"
              variant="default"
              size="lg"
              aria-label={t('offlineMd.toOffice')}
              data-testid="office-link"
            >
              <IconBuildingWarehouse size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('header.signOut')}>
            <ActionIcon
              variant="default"
              size="lg"
              color="red"
              aria-label={t('header.signOut')}
              onClick={() => void signOut()}
              data-testid="sign-out"
            >
              <IconLogout size={18} stroke={1.6} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box component="main" id="main-content" tabIndex={-1} p="md" maw={1000} mx="auto">
        {children}
      </Box>
    </Box>
  );
}
