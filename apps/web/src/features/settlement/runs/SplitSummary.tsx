import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { moneyOrDash } from '../../../lib/format.ts';

type Totals = {
  gross: string;
  beneficiaries: string;
  transporters: string;
  amcosShare: string;
  farmersNet: string;
  loanRecovery: string;
  buyerLevies: string;
  memberShares: string;
  amcosShares: string;
};

/** The split of a settlement or a preview: where the gross goes, reconciled to the cent. */
export function SplitSummary({ totals, testId }: { totals: Totals; testId?: string }) {
  const { t } = useTranslation();
  const items: [string, string][] = [
    [t('pay.gross'), totals.gross],
    [t('pay.beneficiaries'), totals.beneficiaries],
    [t('pay.transporters'), totals.transporters],
    [t('pay.amcosShare'), totals.amcosShare],
    // Part of the AMCOS share: its unpaid union shares, to the union's share capital (#32).
    [t('pay.amcosShares'), totals.amcosShares],
    [t('pay.loanRecovery'), totals.loanRecovery],
    [t('pay.memberShares'), totals.memberShares],
    [t('pay.farmersNet'), totals.farmersNet],
    [t('pay.buyerLevies'), totals.buyerLevies],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4, lg: 9 }} data-testid={testId}>
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" radius="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} data-testid={testId ? `${testId}-${label}` : undefined}>
              {moneyOrDash(value)}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
