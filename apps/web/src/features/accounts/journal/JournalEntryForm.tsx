import { ActionIcon, Alert, Button, Group, Modal, Select, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Book, createJournalEntryBody } from '@ushirika/contracts';
import { entryTotals, todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { journalEntries, useAccountOptions } from '../hooks.ts';
import { asAmount, balanceState, linesProblem } from './journal-lines.ts';

type Line = { key: number; accountId: string; debit: string; credit: string; description: string };
let nextKey = 1;
const blank = (): Line => ({ key: nextKey++, accountId: '', debit: '', credit: '', description: '' });

/**
 * A journal entry with any number of lines. The totals are live (packages/domain, the same
 * arithmetic the API checks with) and an unbalanced entry cannot be submitted.
 */
export function JournalEntryForm({ book, onClose }: { book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useAccountOptions(book);
  const [opened] = useState(() => ({ entryDate: todayInTanzania(), narration: '', reference: '' }));
  const form = useForm(opened);
  const [lines, setLines] = useState<Line[]>([blank(), blank()]);
  const [linesError, setLinesError] = useState<string | null>(null);
  const create = journalEntries.useCreate();
  const setLine = (key: number, patch: Partial<Line>) => {
    setLinesError(null);
    setLines((current) => current.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  };
  const balance = balanceState(lines);
  const dirty =
    form.values.entryDate !== opened.entryDate ||
    form.values.narration.trim() !== '' ||
    form.values.reference.trim() !== '' ||
    lines.some((l) => l.accountId || l.debit.trim() || l.credit.trim() || l.description.trim());
  /** Esc, the close button, a click outside and Cancel: a form with anything typed asks first. */
  const requestClose = () => {
    if (!dirty || create.isPending) {
      if (!create.isPending) onClose();
      return;
    }
    confirmAction({
      title: t('acc.discardTitle'),
      message: t('acc.discardMessage'),
      confirmLabel: t('acc.discard'),
      onConfirm: onClose,
    });
  };
  const submit = form.onSubmit(() => {
    const filled = lines.filter((l) => l.accountId || l.debit.trim() || l.credit.trim());
    // Both checked at once: a missing narration is flagged with the lines' problem, not after it.
    const problem = linesProblem(lines);
    setLinesError(problem);
    const body = form.validate(createJournalEntryBody, {
      ...form.values,
      book,
      reference: form.values.reference || undefined,
      lines: filled.map((l) => ({
        accountId: l.accountId,
        debit: asAmount(l.debit),
        credit: asAmount(l.credit),
        ...(l.description ? { description: l.description } : {}),
      })),
    });
    if (problem || !body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    });
  });
  const accountData = (options.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  return (
    <Modal
      opened
      onClose={requestClose}
      title={`${t('acc.journalCreate')} — ${t(`acc.books.${book}`)}`}
      size="80rem"
      centered
    >
      <FormLayout
        onSubmit={submit}
        onCancel={requestClose}
        error={form.formError}
        submitLabel={t('common.save')}
        submitting={create.isPending}
        testId="journal-form"
      >
        <Group grow align="flex-start">
          <DateField data-autofocus label={t('acc.date')} required {...form.text('entryDate')} />
          <TextInput label={t('acc.reference')} {...form.text('reference')} />
        </Group>
        <TextInput label={t('acc.narration')} required {...form.text('narration')} />
        <JournalLinesTable
          lines={lines}
          accounts={accountData}
          onChange={setLine}
          onRemove={(key) => setLines((c) => c.filter((l) => l.key !== key))}
        />
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setLines((c) => [...c, blank()])}
            data-testid="add-line"
          >
            {t('acc.addLine')}
          </Button>
          <Text
            size="sm"
            c={balance.tone === 'balanced' ? 'teal' : balance.tone === 'unbalanced' ? 'red' : 'dimmed'}
            data-testid="balance-state"
            data-tone={balance.tone}
          >
            {balance.text}
          </Text>
        </Group>
        {linesError && (
          <Alert color="red" data-testid="lines-error">
            {linesError}
          </Alert>
        )}
      </FormLayout>
    </Modal>
  );
}

/** The entry's lines, each an account, a description and a debit or a credit, with live totals. */
function JournalLinesTable({
  lines,
  accounts,
  onChange,
  onRemove,
}: {
  lines: Line[];
  accounts: { value: string; label: string }[];
  onChange: (key: number, patch: Partial<Line>) => void;
  onRemove: (key: number) => void;
}) {
  const { t } = useTranslation();
  const totals = entryTotals(lines.map((l) => ({ debit: asAmount(l.debit), credit: asAmount(l.credit) })));
  return (
    <Table aria-label={t('acc.lines')} data-testid="journal-lines">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="40%">{t('acc.account')}</Table.Th>
          <Table.Th>{t('acc.description')}</Table.Th>
          <Table.Th ta="right">{t('acc.debit')}</Table.Th>
          <Table.Th ta="right">{t('acc.credit')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line, i) => (
          <Table.Tr key={line.key} data-testid={`journal-line-${i}`}>
            <Table.Td>
              <Select
                aria-label={t('acc.account')}
                searchable
                data={accounts}
                value={line.accountId || null}
                onChange={(v) => onChange(line.key, { accountId: v ?? '' })}
                data-testid={`line-account-${i}`}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('acc.description')}
                value={line.description}
                onChange={(e) => onChange(line.key, { description: e.currentTarget.value })}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('acc.debit')}
                inputMode="decimal"
                styles={{ input: { textAlign: 'right' } }}
                value={line.debit}
                onChange={(e) => onChange(line.key, { debit: e.currentTarget.value })}
                data-testid={`line-debit-${i}`}
              />
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={t('acc.credit')}
                inputMode="decimal"
                styles={{ input: { textAlign: 'right' } }}
                value={line.credit}
                onChange={(e) => onChange(line.key, { credit: e.currentTarget.value })}
                data-testid={`line-credit-${i}`}
              />
            </Table.Td>
            <Table.Td>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('acc.removeLine')}
                disabled={lines.length <= 2}
                onClick={() => onRemove(line.key)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={2}>{t('acc.totals')}</Table.Th>
          <Table.Th ta="right" data-testid="total-debit">
            {formatDecimal(totals.debit.toFixed(2))}
          </Table.Th>
          <Table.Th ta="right" data-testid="total-credit">
            {formatDecimal(totals.credit.toFixed(2))}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
