import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { FarmerStatement } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatKg, moneyOrDash } from '../../lib/format.ts';

/** The farmer's season in five figures: delivered, net payable, paid, not paid yet, loans owed. */
export function SeasonGlance({ statement }: { statement: FarmerStatement }) {
  const { t } = useTranslation();
  const { collections, settlements, loans } = statement;
  const figures: [key: string, label: string, value: string, note?: string][] = [
    [
      'delivered',
      t('farmerStatements.figures.delivered'),
      formatKg(collections.totals.netKg),
      t('farmerStatements.figures.receipts', { count: collections.totals.receipts }),
    ],
    ['net', t('farmerStatements.figures.netPayable'), moneyOrDash(settlements.totals.net)],
    ['paid', t('farmerStatements.figures.paid'), moneyOrDash(settlements.totals.paid)],
    ['unpaid', t('farmerStatements.figures.unpaid'), moneyOrDash(settlements.totals.unpaid)],
    ['owed', t('farmerStatements.figures.owed'), moneyOrDash(loans.totals.outstanding)],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="season-glance">
      {figures.map(([key, label, value, note]) => (
        <Paper key={key} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" data-testid={`glance-${key}`}>
            {value}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
