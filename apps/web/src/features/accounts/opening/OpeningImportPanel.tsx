import {
  Alert,
  Button,
  FileInput,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type Book, OPENING_BOOK, type OpeningKind, type OpeningPreview } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { ImportSheetHeader } from '../../../components/ImportSheetHeader.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { useImportOpening, usePreviewOpening } from './hooks.ts';
import { OpeningPreviewTable } from './OpeningPreviewTable.tsx';

/** The kinds the server imports today, in the order a union brings them in. */
export const AVAILABLE_KINDS: OpeningKind[] = [
  'trial_balance',
  'farmer_loans',
  'buyer_invoices',
  'buyer_credits',
  'supplier_invoices',
  'stock',
  'bank_balances',
  'crop_lots',
];

/** Choose what to import and the book, download its template, check the file, then import it whole. */
export function OpeningImportPanel() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<OpeningKind>('trial_balance');
  const [chosenBook, setChosenBook] = useState<Book>('collection');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<OpeningPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = usePreviewOpening();
  const save = useImportOpening();
  const book = OPENING_BOOK[kind] ?? chosenBook;
  const failed = (e: unknown) => setError(e instanceof ApiError ? e.message : t('errors.unexpected'));
  const reset = () => {
    setPreview(null);
    setError(null);
  };

  const runCheck = () => {
    if (!file) return;
    reset();
    check.mutate({ kind, book, file }, { onSuccess: (reply) => setPreview(reply.data), onError: failed });
  };
  const runImport = () => {
    if (!file || !preview) return;
    confirmAction({
      title: t('goLive.importTitle'),
      message: t('goLive.importMessage', {
        kind: t(`goLive.kinds.${kind}`),
        book: t(`goLive.books.${book}`),
      }),
      amount: formatDecimal(preview.totalDebit),
      confirmLabel: t('goLive.import'),
      onConfirm: () =>
        save.mutate(
          { kind, book, file },
          {
            onSuccess: () => {
              setFile(null);
              reset();
            },
            onError: failed,
          },
        ),
    });
  };

  return (
    <Paper withBorder radius="md" p="md" data-testid="opening-import">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('goLive.importHeading')}
        </Title>
        <KindAndBook
          kind={kind}
          chosenBook={chosenBook}
          onKind={(next) => {
            setKind(next);
            reset();
          }}
          onBook={(next) => {
            setChosenBook(next);
            reset();
          }}
        />
        <ImportSheetHeader
          help={t(`goLive.help.${kind}`)}
          templateLabel={t('goLive.template')}
          templatePath={`accounts/opening/${kind}/template`}
          templateFile={`opening-${kind.replace(/_/g, '-')}.xlsx`}
        />
        <FileInput
          label={t('goLive.file')}
          accept=".xlsx,.csv"
          value={file}
          onChange={(f) => {
            setFile(f);
            reset();
          }}
          clearable
          data-testid="import-file"
        />
        {error && (
          <Alert color="red" data-testid="opening-error">
            {error}
          </Alert>
        )}
        {preview && <OpeningPreviewTable preview={preview} />}
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={runCheck}
            disabled={!file}
            loading={check.isPending}
            data-testid="opening-check"
          >
            {t('goLive.check')}
          </Button>
          <Button
            onClick={runImport}
            disabled={!preview || preview.problem !== null}
            loading={save.isPending}
            data-testid="opening-save"
          >
            {t('goLive.import')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What is imported, and into which book (chosen only where the kind does not fix it). */
function KindAndBook({
  kind,
  chosenBook,
  onKind,
  onBook,
}: {
  kind: OpeningKind;
  chosenBook: Book;
  onKind: (kind: OpeningKind) => void;
  onBook: (book: Book) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('goLive.kind')}
        data={AVAILABLE_KINDS.map((k) => ({ value: k, label: t(`goLive.kinds.${k}`) }))}
        value={kind}
        onChange={(v) => v && onKind(v as OpeningKind)}
        allowDeselect={false}
        data-testid="opening-kind"
      />
      {OPENING_BOOK[kind] === null ? (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('goLive.book')}
          </Text>
          <SegmentedControl
            value={chosenBook}
            onChange={(v) => onBook(v as Book)}
            data={(['collection', 'operation'] as const).map((b) => ({
              value: b,
              label: t(`goLive.books.${b}`),
            }))}
            data-testid="opening-book"
          />
        </Stack>
      ) : (
        <Text size="sm">{t('goLive.bookIs', { book: t(`goLive.books.${OPENING_BOOK[kind]}`) })}</Text>
      )}
    </Group>
  );
}
