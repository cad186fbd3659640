import { Badge, Button, Group, Switch, Text } from '@mantine/core';
import { IconDeviceMobileMessage, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { Section } from '../../components/Section.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useFarmerUssd, useSmsOptOut, useUssdAction } from './hooks.ts';

const COLORS = { none: 'gray', active: 'teal', locked: 'red' } as const;

/**
 * A farmer's phone service (USSD, #31) on their page: whether they can use it, locked after three
 * wrong PINs, and for those who may change farmers, issuing or resetting the PIN (sent to the
 * farmer by SMS, shown to nobody) and unlocking; and whether the farmer gets optional SMS (an
 * auction's result: those of their own crop and money always go), which they may switch.
 */
export function UssdSection({ farmerId, canManage }: { farmerId: string; canManage: boolean }) {
  const { t } = useTranslation();
  const ussd = useFarmerUssd(farmerId);
  const issue = useUssdAction(farmerId, 'pin');
  const unlock = useUssdAction(farmerId, 'unlock');
  const optOut = useSmsOptOut(farmerId);
  const u = ussd.data;
  if (!u) return null;
  const issueLabel = u.status === 'none' ? t('ussd.issue') : t('ussd.reset');
  const onIssue = () =>
    confirmAction({
      title: issueLabel,
      message: t('ussd.issueConfirm', { phone: u.phone ?? '' }),
      confirmLabel: issueLabel,
      danger: u.status !== 'none',
      onConfirm: () => issue.mutate(undefined, { onSuccess: () => toastSuccess(t('ussd.issued')) }),
    });
  return (
    <Section
      title={t('ussd.title')}
      data-testid="farmer-ussd"
      actions={
        canManage && (
          <Group gap="xs">
            {u.status === 'locked' && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconLockOpen size={14} aria-hidden />}
                loading={unlock.isPending}
                onClick={() =>
                  unlock.mutate(undefined, { onSuccess: () => toastSuccess(t('ussd.unlocked')) })
                }
                data-testid="ussd-unlock"
              >
                {t('ussd.unlock')}
              </Button>
            )}
            <Button
              size="xs"
              leftSection={<IconDeviceMobileMessage size={14} aria-hidden />}
              loading={issue.isPending}
              disabled={!u.phone}
              onClick={onIssue}
              data-testid="ussd-issue"
            >
              {issueLabel}
            </Button>
          </Group>
        )
      }
    >
      <Group mb="sm">
        <Badge variant="light" color={COLORS[u.status]} data-testid="ussd-status" data-status={u.status}>
          {t(`ussd.status.${u.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {u.phone ? t(`ussd.hint.${u.status}`) : t('ussd.noPhone')}
        </Text>
      </Group>
      <InfoGrid
        cols={2}
        items={[
          [t('ussd.issuedAt'), u.issuedAt ? formatDateTime(u.issuedAt) : null],
          [t('ussd.changedAt'), u.changedAt ? formatDateTime(u.changedAt) : null],
          [t('ussd.lastUsedAt'), u.lastUsedAt ? formatDateTime(u.lastUsedAt) : null],
          [t('ussd.failedAttempts'), String(u.failedAttempts)],
          [t('ussd.language'), t(`ussd.languages.${u.language}`)],
        ]}
      />
      <Switch
        mt="md"
        label={t('ussd.optionalSms')}
        description={t('ussd.optionalSmsHint')}
        checked={!u.smsOptOut}
        disabled={!canManage || optOut.isPending}
        onChange={(event) => {
          const wanted = !event.currentTarget.checked;
          optOut.mutate(wanted, {
            onSuccess: () => toastSuccess(t(wanted ? 'ussd.optedOut' : 'ussd.optedIn')),
          });
        }}
        data-testid="ussd-sms-optional"
      />
    </Section>
  );
}
