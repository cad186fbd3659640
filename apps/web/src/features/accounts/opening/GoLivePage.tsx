import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { BookGoLiveCard } from './BookGoLiveCard.tsx';
import { useGoLive } from './hooks.ts';
import { OpeningImportPanel } from './OpeningImportPanel.tsx';
import { OpeningImportsTable } from './OpeningImportsTable.tsx';

export default function GoLiveRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <GoLivePage />
    </RequirePermission>
  );
}

/**
 * Going live mid-life (#36): each book's go-live date, the opening imports (trial balance, then the
 * sub-ledgers), each control account's opening figure beside its sub-ledger, confirmed at zero.
 */
function GoLivePage() {
  const { t } = useTranslation();
  const overview = useGoLive();
  const canManage = useCan('accounts.opening.manage', 'union');
  const data = overview.data;
  return (
    <>
      <PageHeader title={t('screens.go_live')} description={t('goLive.description')} />
      {!data ? (
        <LoadingBlock />
      ) : (
        <Stack gap="md">
          {data.books.map((b) => (
            <BookGoLiveCard key={b.book} opening={b} canManage={canManage} />
          ))}
          {canManage && data.books.some((b) => b.goLiveDate && b.status !== 'live') && <OpeningImportPanel />}
          <OpeningImportsTable
            imports={data.imports}
            canManage={canManage}
            reversible={(i) => data.books.find((b) => b.book === i.book)?.reversible ?? false}
          />
        </Stack>
      )}
    </>
  );
}
