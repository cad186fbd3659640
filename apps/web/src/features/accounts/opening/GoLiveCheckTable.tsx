import { Badge, Table, Text } from '@mantine/core';
import type { GoLiveCheck } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format.ts';

const zero = (figure: string) => /^-?0(\.0+)?$/.test(figure);

/** Each control account's opening trial balance beside its sub-ledger and the difference. */
export function GoLiveCheckTable({ check }: { check: GoLiveCheck }) {
  const { t } = useTranslation();
  const cell = (figure: string) => (
    <Badge variant={zero(figure) ? 'light' : 'filled'} color={zero(figure) ? 'teal' : 'red'}>
      {formatDecimal(figure)}
    </Badge>
  );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={t('goLive.checkTitle')} data-testid="go-live-check">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('twoBooks.controlAccount')}</Table.Th>
            <Table.Th ta="right">{t('goLive.openingTb')}</Table.Th>
            <Table.Th ta="right">{t('twoBooks.subledgerBalance')}</Table.Th>
            <Table.Th ta="right">{t('twoBooks.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {check.checks.map((c) => (
            <Table.Tr key={c.key} data-check={c.key}>
              <Table.Td>
                <Text fw={500} size="sm">
                  {t(`twoBooks.checks.${c.key}`, { defaultValue: c.name })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`twoBooks.subledgers.${c.key}`, { defaultValue: c.subledger })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{formatDecimal(c.controlBalance)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(c.subledgerBalance)}</Table.Td>
              <Table.Td ta="right">{cell(c.difference)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr data-check="opening_account">
            <Table.Td>
              <Text fw={500} size="sm">
                {t('goLive.openingAccount')}
              </Text>
            </Table.Td>
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right">{cell(check.openingAccountBalance)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
