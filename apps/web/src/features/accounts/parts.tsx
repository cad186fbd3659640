import { ActionIcon, Button, Group, SegmentedControl } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import type { Book } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../../lib/session.ts';
import { type AccountingMode, readAccountingMode } from '../../lib/storage.ts';

export const useCanEdit = () => hasPermission(useSession().user, 'accounts.ledger.update');
export const useCan = (permission: string) => hasPermission(useSession().user, permission);

export function EditButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={onClick}>
      <IconPencil size={16} />
    </ActionIcon>
  );
}

/** The book a screen shows: the sidebar's accounting mode, switchable on the screen. */
export function useBook(initial?: Book): [Book, (book: Book) => void] {
  const [book, setBook] = useState<Book>(initial ?? (readAccountingMode() satisfies AccountingMode));
  return [book, setBook];
}

export function BookSwitch({ value, onChange }: { value: Book; onChange: (book: Book) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('acc.book')}
      value={value}
      onChange={(v) => onChange(v === 'operation' ? 'operation' : 'collection')}
      data={[
        { value: 'collection', label: t('acc.books.collection') },
        { value: 'operation', label: t('acc.books.operation') },
      ]}
    />
  );
}

/** Excel and PDF buttons for a report. */
export function ReportDownloads({ onDownload }: { onDownload: (format: 'xlsx' | 'pdf') => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | null>(null);
  const run = (format: 'xlsx' | 'pdf') => {
    setBusy(format);
    onDownload(format)
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <Group gap="xs">
      {(['xlsx', 'pdf'] as const).map((format) => (
        <Button
          key={format}
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={busy === format}
          onClick={() => run(format)}
          data-testid={`download-${format}`}
        >
          {format === 'xlsx' ? t('acc.exportXlsx') : t('acc.exportPdf')}
        </Button>
      ))}
    </Group>
  );
}
