import { Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLock, IconLogout, IconUserCircle } from '@tabler/icons-react';
import type { SessionUser } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { fullName, lockSession } from '../../lib/session.ts';
import { useSignOut } from './use-sign-out.ts';

/** Photo or default avatar, full name, email or mobile; Profile, Lock Screen, Sign Out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const contact = user.email || user.mobile;

  const lock = () => {
    lockSession(location.pathname + location.search);
    navigate('/lock-screen');
  };

  const askThenSignOut = useSignOut();

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* Named by what it shows (name, contact) and "Account menu": the name holds the visible text. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <UserAvatar user={user} radius="xl" size={34} />
            <div style={{ lineHeight: 1.1 }}>
              <Text size="sm" fw={500} visibleFrom="sm">
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {contact}
              </Text>
            </div>
            <VisuallyHidden>{t('a11y.userMenu')}</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={500} c="var(--mantine-color-text)">
            {fullName(user)}
          </Text>
          <Text size="xs">{contact}</Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} aria-hidden />}>
          {t('header.profile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={lock}>
          {t('header.lockScreen')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => void askThenSignOut()}
          data-testid="sign-out"
        >
          {t('header.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
