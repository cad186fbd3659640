import { Burger, Group, UnstyledButton } from '@mantine/core';
import type { SessionUser } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InboxButton } from '../../features/inbox/InboxButton.tsx';
import { BrandMark } from './BrandMark.tsx';
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
          <BrandMark audience={user.amcosId ? t('app.amcos') : t('app.union')} />
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
