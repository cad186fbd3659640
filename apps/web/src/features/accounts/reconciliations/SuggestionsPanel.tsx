import { Alert, Badge, Button, Group, NumberInput, Table, Text } from '@mantine/core';
import type { ReconciliationAccount } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { successText } from '../../../lib/success-message.ts';
import { useAcceptMatches, useSuggestions } from './hooks.ts';

/** The automatic matches, each with why it matched, accepted together. */
export function SuggestionsPanel({ account }: { account: ReconciliationAccount }) {
  const { t } = useTranslation();
  const [days, setDays] = useState(3);
  const [asked, setAsked] = useState(false);
  const suggestions = useSuggestions(account.id, days, asked);
  const accept = useAcceptMatches(account.id);
  const found = suggestions.data ?? [];
  const acceptAll = () =>
    accept.mutate(
      found.map(({ reason, statementLineIds, journalLineIds }) => ({
        reason,
        statementLineIds,
        journalLineIds,
      })),
      {
        onSuccess: () => {
          toastSuccess(successText('linesMatched'));
          setAsked(false);
        },
      },
    );
  return (
    <Alert variant="light" title={t('recon.autoMatch')}>
      <Group align="end" mb={asked ? 'sm' : 0}>
        <NumberInput
          label={t('recon.days')}
          min={0}
          max={60}
          w={140}
          value={days}
          onChange={(v) => setDays(typeof v === 'number' ? v : 3)}
        />
        <Button
          variant="light"
          onClick={() => setAsked(true)}
          loading={suggestions.isFetching}
          data-testid="recon-find-matches"
        >
          {t('recon.findMatches')}
        </Button>
        {asked && found.length > 0 && (
          <Button onClick={acceptAll} loading={accept.isPending} data-testid="recon-accept-all">
            {t('recon.acceptAll', { count: found.length })}
          </Button>
        )}
      </Group>
      {asked && suggestions.data && found.length === 0 && <Text size="sm">{t('recon.noSuggestions')}</Text>}
      {found.length > 0 && asked && (
        <Table.ScrollContainer minWidth={480}>
          <Table data-testid="recon-suggestions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recon.reason')}</Table.Th>
                <Table.Th ta="right">{t('acc.amount')}</Table.Th>
                <Table.Th>{t('recon.lines')}</Table.Th>
                <Table.Th>{t('recon.daysApart')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {found.map((s) => (
                <Table.Tr key={s.statementLineIds.join()}>
                  <Table.Td>
                    <Badge variant="light">{t(`recon.reasons.${s.reason}`)}</Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatDecimal(s.amount)}</Table.Td>
                  <Table.Td>
                    {t('recon.linesCount', {
                      statement: s.statementLineIds.length,
                      book: s.journalLineIds.length,
                    })}
                  </Table.Td>
                  <Table.Td>{s.days}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Alert>
  );
}
