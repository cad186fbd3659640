import { Badge, Button, Group, Table, TextInput } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { openReconciliationBody, type ReconciliationAccount } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useOpenReconciliation, useReconciliations } from './hooks.ts';
import { ReconciliationStatement } from './ReconciliationStatement.tsx';

/** The account's reconciliations: start one as at a statement date, see its statement, close it. */
export function ReconciliationsPanel({
  account,
  canManage,
}: {
  account: ReconciliationAccount;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const list = useReconciliations(account.id);
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const rows = list.data ?? [];
  const shown = selected ?? rows[0]?.id ?? null;
  return (
    <>
      <Group justify="space-between" mb="sm">
        <span />
        {canManage && !rows.some((r) => r.status === 'open') && (
          <Button onClick={() => setCreating(true)} data-testid="recon-new">
            {t('recon.newReconciliation')}
          </Button>
        )}
      </Group>
      {list.data && rows.length === 0 ? (
        <EmptyBlock icon={IconBuildingBank} title={t('recon.noReconciliations')} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover data-testid="recon-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recon.statementDate')}</Table.Th>
                <Table.Th ta="right">{t('recon.balancePerBank')}</Table.Th>
                <Table.Th ta="right">{t('recon.balancePerBooks')}</Table.Th>
                <Table.Th ta="right">{t('recon.difference')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr
                  key={r.id}
                  onClick={() => setSelected(r.id)}
                  style={{ cursor: 'pointer' }}
                  bg={r.id === shown ? 'var(--mantine-color-default-hover)' : undefined}
                >
                  <Table.Td>
                    <Button variant="subtle" size="compact-sm" onClick={() => setSelected(r.id)}>
                      {formatDate(r.statementDate)}
                    </Button>
                  </Table.Td>
                  <Table.Td ta="right">{formatDecimal(r.balancePerBank)}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(r.balancePerBooks)}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(r.difference)}</Table.Td>
                  <Table.Td>
                    <Badge color={r.status === 'closed' ? 'green' : 'yellow'} variant="light">
                      {t(`recon.status.${r.status}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {shown && <ReconciliationStatement id={shown} canManage={canManage} />}
      {creating && (
        <OpenReconciliationForm account={account} onClose={() => setCreating(false)} onOpened={setSelected} />
      )}
    </>
  );
}

function OpenReconciliationForm({
  account,
  onClose,
  onOpened,
}: {
  account: ReconciliationAccount;
  onClose: () => void;
  onOpened: (id: string) => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ statementDate: todayInTanzania(), statementBalance: '' });
  const open = useOpenReconciliation();
  const submit = form.onSubmit(() => {
    const body = form.validate(openReconciliationBody, { accountId: account.id, ...form.values });
    if (!body) return;
    open.mutate(
      body,
      form.saved((r) => {
        onOpened(r.data.id);
        onClose();
      }),
    );
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('recon.newReconciliation')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={open.isPending}
      testId="recon-open-form"
    >
      <DateField data-autofocus label={t('recon.statementDate')} required {...form.text('statementDate')} />
      <TextInput
        label={t('recon.statementBalance', { currency: account.currency })}
        required
        inputMode="decimal"
        {...form.text('statementBalance')}
      />
    </FormModal>
  );
}
