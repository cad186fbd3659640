import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type Book, createBudgetAdjustmentBody, createBudgetBody } from '@ushirika/contracts';
import { splitExact, sum } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { FormLayout } from '../../components/FormLayout.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { HistoryTimeline } from '../../components/HistoryTimeline.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate, formatDecimal } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useSession } from '../../lib/session.ts';
import { useHistory } from '../audit/hooks.ts';
import { financialYears } from '../financial-years/hooks.ts';
import {
  budgets,
  useAccountOptions,
  useBudgetAdjustments,
  useBudgetVsActual,
  useCreateBudgetAdjustment,
  useRecordAction,
} from './hooks.ts';
import { Field } from './JournalEntriesPage.tsx';
import { BookSwitch, useBook, useCan } from './parts.tsx';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const BudgetsRoute = () => guard(<BudgetsPage />);
export const BudgetAddRoute = () => guard(<BudgetAddPage />);
export const BudgetDetailsRoute = () => guard(<BudgetDetailsPage />);
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const isAmount = (v: string) => /^-?\d{1,15}(\.\d{1,2})?$/.test(v);

function BudgetsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t('acc.budgets')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.budgets') }]}
      />
      <ResourceList
        label={t('acc.budgets')}
        resource={budgets}
        testId="budgets-table"
        emptyTitle={t('acc.budgetsEmpty')}
        createLabel={t('acc.budgetAdd')}
        {...(useCan('accounts.budget.create') ? { onCreate: () => navigate('/account/budget/add') } : {})}
        columns={[
          {
            key: 'number',
            header: t('acc.number'),
            render: (b) => <Link to={`/account/budget/${b.id}/details`}>{b.number}</Link>,
            sortField: 'number',
          },
          { key: 'name', header: t('fields.name'), render: (b) => b.name, sortField: 'name' },
          { key: 'year', header: t('acc.financialYear'), render: (b) => b.financialYearName },
          { key: 'book', header: t('acc.book'), render: (b) => t(`acc.books.${b.book}`) },
          { key: 'total', header: t('acc.total'), render: (b) => formatDecimal(b.total), align: 'right' },
          { key: 'status', header: t('fields.status'), render: (b) => <StatusBadge status={b.status} /> },
        ]}
      />
    </>
  );
}

type Row = { key: number; accountId: string; months: string[] };
let rowKey = 1;

function BudgetAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [book, setBook] = useBook();
  const accountsList = useAccountOptions(book);
  const years = financialYears.useOptions({ status: 'open' });
  const form = useForm({ name: '', financialYearId: '' });
  const [rows, setRows] = useState<Row[]>([{ key: rowKey++, accountId: '', months: Array(12).fill('0.00') }]);
  const create = budgets.useCreate();
  const setRow = (key: number, patch: Partial<Row>) =>
    setRows((c) => c.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const submit = form.onSubmit(() => {
    const body = form.validate(createBudgetBody, {
      ...form.values,
      financialYearId: form.values.financialYearId || years.data?.[0]?.id,
      book,
      lines: rows.map((r) => ({ accountId: r.accountId, months: r.months })),
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        navigate(`/account/budget/${r.data.id}/details`);
      },
      onError: form.showApiError,
    });
  });
  return (
    <>
      <PageHeader
        title={t('acc.budgetAdd')}
        breadcrumbs={[{ label: t('acc.budgets'), to: '/account/budget/list' }, { label: t('acc.budgetAdd') }]}
        actions={<BookSwitch value={book} onChange={setBook} />}
      />
      <Paper withBorder radius="md" p="lg">
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('common.save')}
          submitting={create.isPending}
          onCancel={() => navigate('/account/budget/list')}
          testId="budget-form"
        >
          <Group grow>
            <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
            <Select
              label={t('acc.financialYear')}
              required
              data={(years.data ?? []).map((y) => ({ value: y.id, label: y.name }))}
              value={form.values.financialYearId || years.data?.[0]?.id || null}
              onChange={(v) => form.setValue('financialYearId', v ?? '')}
            />
          </Group>
          <ScrollArea>
            <Table miw={1400} aria-label={t('acc.lines')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={260}>{t('acc.account')}</Table.Th>
                  <Table.Th w={140}>{t('acc.annual')}</Table.Th>
                  {MONTHS.map((n) => (
                    <Table.Th key={n}>{t('acc.monthN', { n })}</Table.Th>
                  ))}
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Td>
                      <Select
                        aria-label={t('acc.account')}
                        searchable
                        data={(accountsList.data ?? []).map((a) => ({
                          value: a.id,
                          label: `${a.code} ${a.name}`,
                        }))}
                        value={r.accountId || null}
                        onChange={(v) => setRow(r.key, { accountId: v ?? '' })}
                      />
                    </Table.Td>
                    <Table.Td>
                      <NumberInput
                        aria-label={t('acc.annual')}
                        hideControls
                        decimalScale={2}
                        value={sum(r.months.map((m) => (isAmount(m) ? m : '0'))).toFixed(2)}
                        onChange={(v) => {
                          const text = String(v);
                          if (isAmount(text))
                            setRow(r.key, {
                              months: splitExact(text, Array(12).fill(1)).map((m) => m.toFixed(2)),
                            });
                        }}
                      />
                    </Table.Td>
                    {MONTHS.map((n) => (
                      <Table.Td key={n}>
                        <TextInput
                          aria-label={t('acc.monthN', { n })}
                          value={r.months[n - 1] ?? ''}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setRow(r.key, { months: r.months.map((x, j) => (j === n - 1 ? value : x)) });
                          }}
                        />
                      </Table.Td>
                    ))}
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('acc.removeLine')}
                        disabled={rows.length <= 1}
                        onClick={() => setRows((c) => c.filter((x) => x.key !== r.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Button
            variant="light"
            w="fit-content"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              setRows((c) => [...c, { key: rowKey++, accountId: '', months: Array(12).fill('0.00') }])
            }
          >
            {t('acc.addLine')}
          </Button>
        </FormLayout>
      </Paper>
    </>
  );
}

function BudgetDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const budget = budgets.useOne(id);
  const adjustments = useBudgetAdjustments(id);
  const vsActual = useBudgetVsActual(id);
  const history = useHistory('budget', id);
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
        <Title order={3}>{t('acc.history')}</Title>
        <HistoryTimeline events={history.data} loading={history.isLoading} />
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
    adjustmentDate: new Date().toISOString().slice(0, 10),
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
