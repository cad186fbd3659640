import { SegmentedControl } from '@mantine/core';
import type { Book } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AccountingMode, readAccountingMode } from '../../lib/storage.ts';

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
