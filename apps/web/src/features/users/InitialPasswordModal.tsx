import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@ushirika/contracts';
import { i18n } from '../../lib/i18n.ts';
import { fullName } from '../../lib/session.ts';

/** Shows a generated initial password once, so the administrator can pass it on. */
export function showInitialPassword(user: User, password: string): void {
  const t = i18n.t;
  modals.open({
    title: t('users.initialPassword.title'),
    closeOnClickOutside: false,
    children: (
      <Stack gap="sm" data-testid="initial-password">
        <Text size="sm">
          {t('users.initialPassword.message', { name: fullName(user), email: user.email })}
        </Text>
        <Group gap="sm">
          <Code fz="lg" data-testid="initial-password-value">
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? t('common.copied') : t('common.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" c="dimmed">
          {t('users.initialPassword.warning')}
        </Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()}>{t('common.done')}</Button>
        </Group>
      </Stack>
    ),
  });
}
