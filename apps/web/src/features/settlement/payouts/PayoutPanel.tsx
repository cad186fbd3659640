import { Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import type { PaymentBatch } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { moneyOrDash } from '../../../lib/format.ts';
import { providerLabel } from '../../../lib/provider-label.ts';
import { useDecideHeld, usePayoutProgress, usePayoutProvider, useSendPayouts } from './hooks.ts';

/**
 * Send an approved batch through the payout provider (the approver's), after confirming its amount;
 * not offered when the server has no provider (the batch is then exported as a file).
 */
export function SendPayoutsButton({ batch }: { batch: PaymentBatch }) {
  const { t } = useTranslation();
  const send = useSendPayouts(batch.id);
  const provider = usePayoutProvider();
  if (!provider.data?.data.provider) return null;
  return (
    <Button
      data-testid="batch-send"
      loading={send.isPending}
      onClick={() =>
        confirmAction({
          title: t('payouts.send'),
          message: t('payouts.sendHint', { amount: moneyOrDash(batch.total), count: batch.lineCount }),
          confirmLabel: t('payouts.send'),
          danger: false,
          onConfirm: () => send.mutate(batch.total),
        })
      }
    >
      {t('payouts.send')}
    </Button>
  );
}

/** How far a batch sent through the provider is, and the names held for a person to decide. */
export function PayoutPanel({ batch, canDecide }: { batch: PaymentBatch; canDecide: boolean }) {
  const { t } = useTranslation();
  const progress = usePayoutProgress(batch.id, batch.status === 'sending');
  const decide = useDecideHeld(batch.id);
  const [phones, setPhones] = useState<Record<string, string>>({});
  const p = progress.data?.data;
  if (!p || p.lines === 0) return null;
  const counts = [
    ['sent', p.sent],
    ['succeeded', p.counts.succeeded],
    ['failed', p.counts.failed],
    ['unknown', p.counts.unknown],
    ['held', p.counts.held_name],
  ] as const;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payout-progress">
      <Stack gap="xs">
        <Group>
          {p.provider && (
            <Text size="sm" data-testid="payout-provider">
              {t('payouts.provider')}: <b>{providerLabel(t, p.provider)}</b>
            </Text>
          )}
          {counts.map(([key, n]) => (
            <Text key={key} size="sm" data-testid={`payout-${key}`}>
              {t(`payouts.counts.${key}`)}: <b>{n}</b>
            </Text>
          ))}
          <Text size="sm">
            {t('payouts.fees')}: <b>{moneyOrDash(p.fees)}</b>
          </Text>
        </Group>
        {p.held.length > 0 && (
          <Table data-testid="payout-held">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('payouts.payee')}</Table.Th>
                <Table.Th>{t('payouts.registeredName')}</Table.Th>
                <Table.Th>{t('payouts.account')}</Table.Th>
                <Table.Th>{t('pay.amount')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.held.map((h) => (
                <Table.Tr key={h.lineId} data-testid={`held-${h.lineId}`}>
                  <Table.Td>{h.payeeName}</Table.Td>
                  <Table.Td>{h.lookedUpName ?? '—'}</Table.Td>
                  <Table.Td>
                    {h.method === 'bank' ? `${h.bankName ?? ''} ${h.accountNo ?? ''}` : h.phone}
                  </Table.Td>
                  <Table.Td>{moneyOrDash(h.amount)}</Table.Td>
                  <Table.Td>
                    {canDecide && (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="light"
                          data-testid={`held-confirm-${h.lineId}`}
                          onClick={() => decide.mutate({ confirm: [h.lineId] })}
                        >
                          {t('payouts.confirm')}
                        </Button>
                        <TextInput
                          size="xs"
                          aria-label={t('payouts.newPhone')}
                          placeholder={t('payouts.newPhone')}
                          value={phones[h.lineId] ?? ''}
                          onChange={(e) => setPhones({ ...phones, [h.lineId]: e.currentTarget.value })}
                        />
                        <Button
                          size="xs"
                          data-testid={`held-correct-${h.lineId}`}
                          disabled={!phones[h.lineId]}
                          onClick={() =>
                            decide.mutate({
                              corrections: [
                                { lineId: h.lineId, phone: phones[h.lineId] ?? null, accountNo: null },
                              ],
                            })
                          }
                        >
                          {t('payouts.correct')}
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
