import { Paper, TextInput } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { i18n } from '../../../lib/i18n.ts';

/** What saving a stock document does, and the words its button and confirmation use. */
const POSTINGS = {
  receive: {
    title: 'inventoryMd.confirmGrnTitle',
    message: 'inventoryMd.confirmGrn',
    label: 'inventoryMd.receive',
  },
  issue: {
    title: 'inventoryMd.confirmIssueTitle',
    message: 'inventoryMd.confirmIssue',
    label: 'inventoryMd.issue',
  },
  dispatch: {
    title: 'inventoryMd.confirmDispatchTitle',
    message: 'inventoryMd.confirmDispatch',
    label: 'inventoryMd.dispatch',
  },
} as const;

export type StockPosting = keyof typeof POSTINGS;

/**
 * A stock document is posted at once and never edited: the user confirms first, told how many
 * lines and their value (received at cost; issued or dispatched at the store's average cost, an
 * estimate the server values again).
 */
export function confirmStockPosting(
  posting: StockPosting,
  amount: { lines: number; value: string },
  onConfirm: () => void,
) {
  const words = POSTINGS[posting];
  const worth = posting === 'receive' ? 'inventoryMd.confirmValue' : 'inventoryMd.confirmEstimatedValue';
  confirmAction({
    title: i18n.t(words.title),
    message: `${i18n.t(words.message)} ${i18n.t(worth, { count: amount.lines, value: formatMoney(amount.value) })}`,
    confirmLabel: i18n.t(words.label),
    danger: false,
    onConfirm,
  });
}

type NotesField = {
  name: string;
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error: string | undefined;
};

/**
 * The entry screen of a stock document (GRN, issue, transfer): the header, the form with the
 * document's fields, the notes last, and the button named for what saving does.
 */
export function StockDocumentForm({
  posting,
  title,
  description,
  form,
  onSubmit,
  submitting,
  testId,
  children,
}: {
  posting: StockPosting;
  title: string;
  description: string;
  form: { formError: string | null; text: (key: 'remarks') => NotesField };
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={title} description={description} />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={onSubmit}
          error={form.formError}
          submitLabel={t(POSTINGS[posting].label)}
          submitting={submitting}
          testId={testId}
        >
          {children}
          <TextInput label={t('fields.notes')} {...form.text('remarks')} />
        </FormLayout>
      </Paper>
    </>
  );
}
