import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { PaymentBatch, PaymentLine, PaymentLineCorrection } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { moneyOrDash } from '../../../lib/format.ts';
import { banks } from '../../cooperative/hooks.ts';
import { useRetryLines } from '../hooks.ts';

type Draft = { method: 'mobile' | 'bank'; phone: string; bankId: string | null; accountNo: string };
type Bank = { id: string; name: string };

/** What a line is paid to now, as the officer would edit it. */
export function draftOf(line: PaymentLine, bankList: Bank[]): Draft {
  return {
    method: line.method === 'bank' ? 'bank' : 'mobile',
    phone: line.phone ?? '',
    bankId: bankList.find((b) => b.name === line.bankName)?.id ?? null,
    accountNo: line.accountNo ?? '',
  };
}

/** The corrections to send: only the lines whose details the officer changed. */
export function correctionsOf(
  lines: PaymentLine[],
  drafts: Record<string, Draft>,
  bankList: Bank[],
): PaymentLineCorrection[] {
  return lines.flatMap((line) => {
    const draft = drafts[line.id];
    if (!draft) return [];
    const was = draftOf(line, bankList);
    const empty = draft.method === 'mobile' ? !draft.phone.trim() : !draft.bankId && !draft.accountNo.trim();
    const same =
      draft.method === was.method &&
      (draft.method === 'mobile'
        ? draft.phone.trim() === was.phone
        : draft.bankId === was.bankId && draft.accountNo.trim() === was.accountNo);
    // Unchanged or left empty: the new line takes the payee's current record, as before.
    if (same || empty) return [];
    return [
      draft.method === 'bank'
        ? { lineId: line.id, phone: null, bankId: draft.bankId, accountNo: draft.accountNo.trim() || null }
        : { lineId: line.id, phone: draft.phone.trim() || null, bankId: null, accountNo: null },
    ];
  });
}

/**
 * "Pay N failed lines again" (issue #20): the failed lines, each with its failure reason and the
 * wallet or bank account it will be paid to, which the officer can correct before the new batch
 * is drafted (a wrong number is the usual reason a payment failed). The correction applies to the
 * new line only; the payee's own record is changed on its own screen.
 */
export function RetryLinesModal({
  lines,
  title,
  onClose,
  onDone,
}: {
  lines: PaymentLine[];
  title: string;
  onClose: () => void;
  onDone: (batch: PaymentBatch) => void;
}) {
  const { t } = useTranslation();
  const bankOptions = banks.useOptions({ active: 'true' });
  const bankList = bankOptions.data ?? [];
  const retry = useRetryLines();
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [error, setError] = useState<string | null>(null);
  const draft = (line: PaymentLine) => drafts[line.id] ?? draftOf(line, bankList);
  const edit = (line: PaymentLine, patch: Partial<Draft>) => {
    setError(null);
    setDrafts((current) => ({ ...current, [line.id]: { ...draft(line), ...patch } }));
  };
  const submit = () => {
    const all = Object.fromEntries(lines.map((l) => [l.id, draft(l)]));
    retry.mutate(
      { lineIds: lines.map((l) => l.id), corrections: correctionsOf(lines, all, bankList) },
      {
        onSuccess: (reply) => onDone(reply.data),
        onError: (e) => setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={title} size="xl" centered>
      <Stack gap="md" data-testid="retry-lines">
        <Text size="sm">{t('confirmations.retryLines', { count: lines.length })}</Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {error}
          </Alert>
        )}
        {lines.map((line, i) => {
          const d = draft(line);
          return (
            <Paper key={line.id} withBorder p="sm" radius="md" data-testid={`retry-line-${i}`}>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{line.payeeName}</Text>
                <Text fw={600}>{moneyOrDash(line.amount)}</Text>
              </Group>
              {line.failureReason && (
                <Text size="sm" c="red" mb="xs">
                  {t('pay.failureReason')}: {line.failureReason}
                </Text>
              )}
              <SegmentedControl
                size="xs"
                mb="xs"
                value={d.method}
                onChange={(value) => edit(line, { method: value === 'bank' ? 'bank' : 'mobile' })}
                data={[
                  { value: 'mobile', label: t('pay.methods.mobile') },
                  { value: 'bank', label: t('pay.methods.bank') },
                ]}
                aria-label={t('pay.method')}
              />
              {d.method === 'mobile' ? (
                <TextInput
                  label={t('pay.walletNumber', { name: line.payeeName })}
                  inputMode="tel"
                  value={d.phone}
                  onChange={(e) => edit(line, { phone: e.currentTarget.value })}
                  data-testid={`retry-phone-${i}`}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('pay.bank')}
                    searchable
                    data={bankList.map((b) => ({ value: b.id, label: b.name }))}
                    value={d.bankId}
                    onChange={(value) => edit(line, { bankId: value })}
                    nothingFoundMessage={t('common.nothingFound')}
                    data-testid={`retry-bank-${i}`}
                  />
                  <TextInput
                    label={t('pay.accountNo')}
                    value={d.accountNo}
                    onChange={(e) => edit(line, { accountNo: e.currentTarget.value })}
                    data-testid={`retry-account-${i}`}
                  />
                </SimpleGrid>
              )}
            </Paper>
          );
        })}
        <Text size="xs" c="dimmed">
          {t('pay.correctionHint')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={retry.isPending} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button loading={retry.isPending} onClick={submit} data-testid="confirm-action">
            {title}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
