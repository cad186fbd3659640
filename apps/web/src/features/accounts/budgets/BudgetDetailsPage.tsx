import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type Book, createBudgetAdjustmentBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormModal } from '../../../components/FormModal.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal, todayIso } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import {
  budgets,
  useAccountOptions,
  useBudgetAdjustments,
  useBudgetVsActual,
  useCreateBudgetAdjustment,
  useRecordAction,
} from '../hooks.ts';
import { Field } from '../journal/JournalEntriesPage.tsx';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const BudgetDetailsRoute = () => guard(<BudgetDetailsPage />);

/** A budget: its lines against actuals, approval, adjustments and history. */
function BudgetDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const budget = budgets.useOne(id);
  const adjustments = useBudgetAdjustments(id);
  const vsActual = useBudgetVsActual(id);
  const { user } = useSession();
  const canApprove = useCan('accounts.budget.approve');
  const canCreate = useCan('accounts.budget.create');
  const action = useRecordAction('accounts/budgets', 'budgets', 'budget');
  const adjustmentAction = useRecordAction('accounts/budget-adjustments', 'budgets', 'budget_adjustment');
  const [adjusting, setAdjusting] = useState(false);
  const b = budget.data;
  if (!b) return <Text c="dimmed">{t('common.loading')}</Text>;
  const done = {
    onSuccess: (r: { message: string }) => toastSuccess(r.message),
    onError: (e: Error) => toastError(e.message),
  };
  return (
    <>
      <PageHeader
        title={`${b.number} ${b.name}`}
        breadcrumbs={[{ label: t('acc.budgets'), to: '/account/budget/list' }, { label: b.number }]}
        actions={
          <>
            <StatusBadge status={b.status} size="lg" />
            {b.status === 'draft' && canApprove && b.createdBy !== user?.id && (
              <Button
                onClick={() => action.mutate({ id: b.id, action: 'approve' }, done)}
                loading={action.isPending}
              >
                {t('acc.approve')}
              </Button>
            )}
            {b.status === 'approved' && canCreate && (
              <Button variant="light" onClick={() => setAdjusting(true)}>
                {t('acc.adjustmentAdd')}
              </Button>
            )}
          </>
        }
      />
      <Stack>
        <Group gap="xl">
          <Field label={t('acc.financialYear')} value={b.financialYearName} />
          <Field label={t('acc.book')} value={t(`acc.books.${b.book}`)} />
          <Field label={t('acc.total')} value={formatDecimal(b.total)} />
          <Field label={t('acc.enteredBy')} value={b.createdByName ?? '—'} />
          <Field label={t('acc.approvedBy')} value={b.approvedByName ?? '—'} />
        </Group>
        <Title order={3}>{t('acc.budgetVsActual')}</Title>
        <Paper withBorder radius="md">
          <Table aria-label={t('acc.budgetVsActual')} data-testid="budget-vs-actual">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('acc.account')}</Table.Th>
                {(['budget', 'adjustments', 'revised', 'actual', 'variance'] as const).map((k) => (
                  <Table.Th key={k} ta="right">
                    {t(`acc.${k}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {vsActual.data?.map((r) => (
                <Table.Tr key={r.accountId}>
                  <Table.Td>{`${r.accountCode} ${r.accountName}`}</Table.Td>
                  {(['budget', 'adjustments', 'revised', 'actual', 'variance'] as const).map((k) => (
                    <Table.Td key={k} ta="right">
                      {formatDecimal(r[k])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Title order={3}>{t('acc.adjustments')}</Title>
        <Paper withBorder radius="md">
          <Table aria-label={t('acc.adjustments')}>
            <Table.Tbody>
              {adjustments.data?.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.number}</Table.Td>
                  <Table.Td>{formatDate(a.adjustmentDate)}</Table.Td>
                  <Table.Td>{a.reason}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(a.total)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={a.status} />
                  </Table.Td>
                  <Table.Td>
                    {a.status === 'draft' && canApprove && (
                      <Button
                        size="compact-sm"
                        onClick={() => adjustmentAction.mutate({ id: a.id, action: 'approve' }, done)}
                      >
                        {t('acc.approve')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {adjustments.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td>
                    <Text c="dimmed">{t('acc.noAdjustments')}</Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </Paper>
        <HistoryPanel entity="budget" id={b.id} variant="bare" order={3} titleSize="h3" />
      </Stack>
      {adjusting && <AdjustmentForm budgetId={b.id} book={b.book} onClose={() => setAdjusting(false)} />}
    </>
  );
}

function AdjustmentForm({ budgetId, book, onClose }: { budgetId: string; book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const accountsList = useAccountOptions(book);
  const create = useCreateBudgetAdjustment();
  const form = useForm({
    adjustmentDate: todayIso(),
    reason: '',
    accountId: '',
    month: '1',
    amount: '',
  });
  const submit = form.onSubmit(() => {
    const v = form.values;
    const body = form.validate(createBudgetAdjustmentBody, {
      budgetId,
      adjustmentDate: v.adjustmentDate,
      reason: v.reason,
      lines: [{ accountId: v.accountId, month: Number(v.month), amount: v.amount }],
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('acc.adjustmentAdd')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="adjustment-form"
    >
      <TextInput data-autofocus type="date" label={t('acc.date')} required {...form.text('adjustmentDate')} />
      <TextInput label={t('acc.reason')} required {...form.text('reason')} />
      <Select
        label={t('acc.account')}
        required
        searchable
        data={(accountsList.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
        value={form.values.accountId || null}
        onChange={(v) => form.setValue('accountId', v ?? '')}
      />
      <Select
        label={t('acc.month')}
        data={Array.from({ length: 12 }, (_, i) => String(i + 1))}
        value={form.values.month}
        onChange={(v) => form.setValue('month', v ?? '1')}
      />
      <TextInput
        label={t('acc.amount')}
        description={t('acc.adjustmentHint')}
        required
        {...form.text('amount')}
      />
    </FormModal>
  );
}
