import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconMapPinOff,
  IconServerOff,
  IconWifiOff,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isRecord } from '../../lib/api-error.ts';
import { useCurrentRoute } from '../../lib/current-route.ts';

type ErrorKind = 'technical_issue' | 'not_found' | 'no_internet' | 'server_not_available';

const ICONS: Record<ErrorKind, TablerIcon> = {
  technical_issue: IconAlertTriangle,
  not_found: IconMapPinOff,
  no_internet: IconWifiOff,
  server_not_available: IconServerOff,
};

function isErrorKind(name: string | undefined): name is ErrorKind {
  return name !== undefined && name in ICONS;
}

/** The four error screens (SPEC section 2): what happened, and a way back. */
export default function ErrorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const route = useCurrentRoute();
  const kind: ErrorKind = isErrorKind(route?.name) ? route.name : 'not_found';
  const from =
    isRecord(location.state) && typeof location.state.from === 'string' ? location.state.from : null;
  const Icon = ICONS[kind];

  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" data-testid={`error-${kind}`}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" color={kind === 'not_found' ? 'gray' : 'red'}>
          <Icon size={34} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t(`errorScreens.${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`errorScreens.${kind}.description`)}</Text>
        <Group gap="sm">
          {from && kind !== 'not_found' && (
            <Button onClick={() => navigate(from, { replace: true })}>{t('errorScreens.tryAgain')}</Button>
          )}
          <Button variant={from && kind !== 'not_found' ? 'default' : 'filled'} onClick={() => navigate('/')}>
            {t('errorScreens.home')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
