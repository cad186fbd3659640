import { Button, Select, TextInput } from '@mantine/core';
import {
  type Book,
  type BudgetAdjustment,
  type BudgetVsActualRow,
  createBudgetAdjustmentBody,
} from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
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
/** Each account's budget, its approved adjustments, the revised budget, what was spent, and the difference. */
function vsActualColumns(t: TFunction): LineColumn<BudgetVsActualRow>[] {
  return [
    { key: 'account', header: t('acc.account'), value: (r) => `${r.accountCode} ${r.accountName}` },
    ...(['budget', 'adjustments', 'revised', 'actual', 'variance'] as const).map(
      (k): LineColumn<BudgetVsActualRow> => ({
        key: k,
        header: t(`acc.${k}`),
        kind: 'money',
        value: (r) => r[k],
      }),
    ),
  ];
}

/** A budget's adjustments; a draft one carries its approve button for those who may approve. */
function adjustmentColumns(
  t: TFunction,
  onApprove: ((a: BudgetAdjustment) => void) | undefined,
): LineColumn<BudgetAdjustment>[] {
  return [
    { key: 'number', header: t('acc.number'), value: (a) => a.number },
    { key: 'date', header: t('acc.date'), kind: 'date', value: (a) => a.adjustmentDate },
    { key: 'reason', header: t('acc.reason'), value: (a) => a.reason },
    { key: 'total', header: t('acc.total'), kind: 'money', value: (a) => a.total },
    { key: 'status', header: t('fields.status'), render: (a) => <StatusBadge status={a.status} /> },
    {
      key: 'approve',
      header: '',
      render: (a) =>
        a.status === 'draft' &&
        onApprove && (
          <Button size="compact-sm" onClick={() => onApprove(a)} data-testid="approve-adjustment">
            {t('acc.approve')}
          </Button>
        ),
    },
  ];
}

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
  const approveAdjustment = (a: BudgetAdjustment) =>
    confirmApprove('budgetAdjustment', { number: a.number, amount: formatMoney(a.total) }, () =>
      adjustmentAction.mutate({ id: a.id, action: 'approve' }, done),
    );
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
                confirmApprove('budget', { number: b.number, amount: formatMoney(b.total) }, () =>
                  action.mutate({ id: b.id, action: 'approve' }, done),
                )
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
        <LinesTable
          label={t('acc.budgetVsActual')}
          columns={vsActualColumns(t)}
          lines={vsActual.data}
          lineKey={(r) => r.accountId}
          testId="budget-vs-actual"
        />
      </Section>
      <Section title={t('acc.adjustments')}>
        <LinesTable
          label={t('acc.adjustments')}
          columns={adjustmentColumns(t, canApprove ? approveAdjustment : undefined)}
          lines={adjustments.data}
          lineKey={(a) => a.id}
          empty={{ title: t('acc.noAdjustments') }}
        />
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
    adjustmentDate: todayInTanzania(),
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
