import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-error.ts';
import { EmptyBlock, LoadingBlock } from './EmptyBlock.tsx';

/**
 * What a details page shows instead of the record: a spinner while it loads, and when the API
 * refuses it (another society's record, 403) a plain statement rather than an endless spinner.
 */
export function RecordUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (error instanceof ApiError && error.status === 403) {
    return (
      <EmptyBlock icon={IconLock} title={t('noAccess.recordTitle')} description={t('noAccess.record')} />
    );
  }
  return <LoadingBlock />;
}
