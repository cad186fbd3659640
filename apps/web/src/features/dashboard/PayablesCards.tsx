import { Group, Stack, Text } from '@mantine/core';
import type { DashboardReply } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { StatCard } from './StatCard.tsx';

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
    // The hint says what the figure counts, beside the books' accounts that hold the same money (#20).
    <StatCard label={label} value={formatMoney(money.total)} hint={hint} testId={testId}>
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
    </StatCard>
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
