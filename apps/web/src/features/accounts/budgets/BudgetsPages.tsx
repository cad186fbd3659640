import { Button, Group, NumberInput, Paper, ScrollArea, Select, Table, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { createBudgetBody } from '@ushirika/contracts';
import { splitExact, sum } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { financialYears } from '../../financial-years/hooks.ts';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { budgets, useAccountOptions } from '../hooks.ts';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const BudgetsRoute = () => guard(<BudgetsPage />);
export const BudgetAddRoute = () => guard(<BudgetAddPage />);
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
  const accountData = (accountsList.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
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
    create.mutate(
      body,
      form.saved((r) => navigate(`/account/budget/${r.data.id}/details`)),
    );
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
                  <BudgetRow
                    key={r.key}
                    row={r}
                    accounts={accountData}
                    onChange={(patch) => setRow(r.key, patch)}
                    onRemove={
                      rows.length > 1 ? () => setRows((c) => c.filter((x) => x.key !== r.key)) : undefined
                    }
                  />
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

/** One account's budget: the year's amount (split exactly over the months) or month by month. */
function BudgetRow({
  row: r,
  accounts,
  onChange,
  onRemove,
}: {
  row: Row;
  accounts: { value: string; label: string }[];
  onChange: (patch: Partial<Row>) => void;
  onRemove: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <Select
          aria-label={t('acc.account')}
          searchable
          data={accounts}
          value={r.accountId || null}
          onChange={(v) => onChange({ accountId: v ?? '' })}
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
              onChange({
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
              onChange({ months: r.months.map((x, j) => (j === n - 1 ? value : x)) });
            }}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <RemoveLineButton label={t('acc.removeLine')} disabled={!onRemove} onClick={() => onRemove?.()} />
      </Table.Td>
    </Table.Tr>
  );
}
