import { Button, Group, Select, Tabs, Text } from '@mantine/core';
import { IconBuildingBank, IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useReconciliationAccounts } from './hooks.ts';
import { ImportStatementModal } from './ImportStatementModal.tsx';
import { MatchingPanel } from './MatchingPanel.tsx';
import { ReconciliationsPanel } from './ReconciliationsPanel.tsx';

export const ReconciliationRoute = () => (
  <RequirePermission permission="accounts.reconciliation.read" unionOnly>
    <ReconciliationPage />
  </RequirePermission>
);

/** Bank reconciliation (#17): one bank or cash account of either book at a time. */
function ReconciliationPage() {
  const { t } = useTranslation();
  const accounts = useReconciliationAccounts();
  // The account is in the address (?account=id): back from a journal entry opened here, it is still chosen.
  const [params, setParams] = useSearchParams();
  const chosen = params.get('account');
  const setChosen = (id: string | null) => setParams(id ? { account: id } : {}, { replace: true });
  const [importing, setImporting] = useState(false);
  const canManage = useCan('accounts.reconciliation.manage', 'union');
  const account = accounts.data?.find((a) => a.id === chosen) ?? accounts.data?.[0];
  return (
    <>
      <PageHeader
        title={t('screens.bank_reconciliation')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('screens.bank_reconciliation') }]}
        actions={
          account && canManage ? (
            <Button
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              data-testid="recon-import"
            >
              {t('recon.import')}
            </Button>
          ) : null
        }
      />
      {accounts.isLoading ? (
        <PageLoader />
      ) : !account ? (
        <EmptyBlock icon={IconBuildingBank} title={t('recon.noAccounts')} />
      ) : (
        <>
          <Group mb="md" align="end">
            <Select
              label={t('recon.account')}
              data-testid="recon-account"
              allowDeselect={false}
              w={420}
              maw="100%"
              value={account.id}
              onChange={setChosen}
              data={(accounts.data ?? []).map((a) => ({
                value: a.id,
                label: `${t(`acc.books.${a.book}`)} · ${a.code} ${a.name}${a.bankName ? ` (${a.bankName})` : ''}`,
              }))}
            />
            <Text size="sm" c="dimmed" pb={8}>
              {t('recon.unmatchedCount', { count: account.unmatchedLines })}
            </Text>
          </Group>
          <Tabs defaultValue="matching" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="matching">{t('recon.matching')}</Tabs.Tab>
              <Tabs.Tab value="reconciliations" data-testid="recon-tab-reconciliations">
                {t('recon.reconciliations')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="matching">
              <MatchingPanel key={account.id} account={account} canManage={canManage} />
            </Tabs.Panel>
            <Tabs.Panel value="reconciliations">
              <ReconciliationsPanel key={account.id} account={account} canManage={canManage} />
            </Tabs.Panel>
          </Tabs>
          {importing && <ImportStatementModal account={account} onClose={() => setImporting(false)} />}
        </>
      )}
    </>
  );
}
