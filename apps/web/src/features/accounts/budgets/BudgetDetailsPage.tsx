import { Button, Select, Table, Text, TextInput } from '@mantine/core';
import { type Book, createBudgetAdjustmentBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal, todayIso } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { confirmApprove } from '../confirm-approve.ts';
import {
  budgets,
  useAccountOptions,
  useBudgetAdjustments,
  useBudgetVsActual,
  useCreateBudgetAdjustment,
} from '../hooks.ts';

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
  if (!b) return <RecordUnavailable error={budget.error} />;
  const done = {
    onSuccess: (r: { message: string }) => toastSuccess(r.message),
    onError: (e: Error) => toastError(e.message),
  };
  return (
    <DetailsLayout
      title={`${b.number} ${b.name}`}
      breadcrumbs={[{ label: t('acc.budgets'), to: '/account/budget/list' }, { label: b.number }]}
      status={b.status}
      history={{ entity: 'budget', id: b.id }}
      actions={
        <>
          {b.status === 'draft' && canApprove && b.createdBy !== user?.id && (
            <Button
              onClick={() =>
                confirmApprove('budget', b.number, () => action.mutate({ id: b.id, action: 'approve' }, done))
              }
              data-testid="approve-budget"
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
    >
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 5 }}
          items={[
            [t('acc.financialYear'), b.financialYearName],
            [t('acc.book'), t(`acc.books.${b.book}`)],
            [t('acc.total'), formatDecimal(b.total)],
            [t('acc.enteredBy'), b.createdByName],
            [t('acc.approvedBy'), b.approvedByName],
          ]}
        />
      </Section>
      <Section title={t('acc.budgetVsActual')}>
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
      </Section>
      <Section title={t('acc.adjustments')}>
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
                      onClick={() =>
                        confirmApprove('budgetAdjustment', a.number, () =>
                          adjustmentAction.mutate({ id: a.id, action: 'approve' }, done),
                        )
                      }
                      data-testid="approve-adjustment"
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
      </Section>
      {adjusting && <AdjustmentForm budgetId={b.id} book={b.book} onClose={() => setAdjusting(false)} />}
    </DetailsLayout>
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
    create.mutate(body, form.saved(onClose));
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
      <DateField data-autofocus label={t('acc.date')} required {...form.text('adjustmentDate')} />
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
