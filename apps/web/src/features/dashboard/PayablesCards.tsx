import { Group, Paper, Stack, Text } from '@mantine/core';
import type { DashboardReply } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';

type PartyMoney = DashboardReply['payables']['due'];
const PARTIES = ['farmers', 'amcos', 'beneficiaries', 'transporters'] as const;

/** One money card: the total, then each kind of payee (union-wide kinds are null for an AMCOS). */
function PartyCard({
  label,
  hint,
  money,
  testId,
}: {
  label: string;
  hint: string;
  money: PartyMoney;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`${testId}-value`}>
        {formatMoney(money.total)}
      </Text>
      {/* What the figure counts, beside the books' accounts that hold the same money (#20). */}
      <Text size="xs" c="dimmed" data-testid={`${testId}-hint`}>
        {hint}
      </Text>
      <Stack gap={2} mt={4}>
        {PARTIES.map((party) => {
          const amount = money[party];
          if (amount === null) return null;
          return (
            <Group
              key={party}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              data-testid={`${testId}-${party}`}
            >
              <Text size="xs" c="dimmed">
                {t(`dashboard.party_${party}`)}
              </Text>
              <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(amount)}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}

/** Payables due (payment lines pending or failed) and paid out, for the season and scope. */
export function PayablesCards({ payables }: { payables: DashboardReply['payables'] }) {
  const { t } = useTranslation();
  return (
    <>
      <PartyCard
        testId="stat-payables-due"
        label={t('dashboard.payablesDue')}
        hint={t('dashboard.payablesDueHint')}
        money={payables.due}
      />
      <PartyCard
        testId="stat-paid-out"
        label={t('dashboard.paidOut')}
        hint={t('dashboard.paidOutHint')}
        money={payables.paidOut}
      />
    </>
  );
}
