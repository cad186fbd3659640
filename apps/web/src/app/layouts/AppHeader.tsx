import { Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPlant2 } from '@tabler/icons-react';
import type { SessionUser } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InboxButton } from '../../features/inbox/InboxButton.tsx';
import { LanguageSwitch, ThemeSwitch } from './PreferenceSwitches.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useKeptLanguage } from './use-kept-language.ts';

interface AppHeaderProps {
  user: SessionUser;
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

/** Logo with "AMCOS" or "Union" under it, theme and language switches, the user menu. */
export function AppHeader({ user, navbarOpened, onToggleNavbar }: AppHeaderProps) {
  const { t } = useTranslation();
  const keepLanguage = useKeptLanguage(user);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navbarOpened}
          onClick={onToggleNavbar}
          size="sm"
          aria-label={t('header.toggleNavigation')}
          aria-expanded={navbarOpened}
          data-testid="navbar-toggle"
        />
        <UnstyledButton component={Link} to="/" data-testid="brand-link">
          <Group gap={6} wrap="nowrap">
            <IconPlant2 size={28} color="var(--mantine-color-teal-6)" aria-hidden />
            <Stack gap={0}>
              <Text fw={700} size="lg" lh={1.1}>
                {t('app.brand')}
              </Text>
              <Text size="xs" c="dimmed" lh={1.1} data-testid="audience-label">
                {user.amcosId ? t('app.amcos') : t('app.union')}
              </Text>
            </Stack>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <InboxButton />
        <LanguageSwitch onChosen={keepLanguage} />
        <ThemeSwitch />
        <UserMenu user={user} />
      </Group>
    </Group>
  );
}
