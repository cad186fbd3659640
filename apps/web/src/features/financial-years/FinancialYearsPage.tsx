import { Button, Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { createFinancialYearBody, type FinancialYear, updateFinancialYearBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { DateField } from '../../components/DateField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate, formatDecimal } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { useRecordAction } from '../../lib/record-action.ts';
import { useCan } from '../../lib/use-can.ts';
import { financialYears, useYearClosing } from './hooks.ts';

export default function FinancialYearsRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <FinancialYearsPage />
    </RequirePermission>
  );
}

function FinancialYearsPage() {
  const { t } = useTranslation();
  const canEdit = useCan('cooperative.year.update');
  const [editing, setEditing] = useState<{ year: FinancialYear | null } | null>(null);
  const [reopening, setReopening] = useState<FinancialYear | null>(null);
  const allYears = financialYears.useOptions();
  const close = useRecordAction('financial-years', 'financial-years', 'financial_year');
  const askClose = (year: FinancialYear) =>
    confirmAction({
      title: t('fy.close'),
      message: <ClosingPreview year={year} />,
      confirmLabel: t('fy.close'),
      onConfirm: () =>
        close.mutate(
          { id: year.id, action: 'close' },
          { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(e.message) },
        ),
    });
  return (
    <>
      <PageHeader
        title={t('fy.title')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('fy.title') }]}
      />
      <ResourceList
        label={t('fy.title')}
        resource={financialYears}
        testId="financial-years-table"
        emptyTitle={t('fy.empty')}
        createLabel={t('fy.create')}
        {...(canEdit ? { onCreate: () => setEditing({ year: null }) } : {})}
        columns={[
          { key: 'name', header: t('fields.name'), render: (y) => y.name, sortField: 'name' },
          {
            key: 'start',
            header: t('fy.start'),
            render: (y) => formatDate(y.startDate),
            sortField: 'start_date',
          },
          { key: 'end', header: t('fy.end'), render: (y) => formatDate(y.endDate) },
          {
            key: 'lockC',
            header: t('fy.lockCollection'),
            render: (y) => formatDate(y.collectionLockedUntil),
          },
          { key: 'lockO', header: t('fy.lockOperation'), render: (y) => formatDate(y.operationLockedUntil) },
          { key: 'status', header: t('fields.status'), render: (y) => <StatusBadge status={y.status} /> },
          {
            key: 'actions',
            header: '',
            render: (y) =>
              canEdit &&
              (y.status === 'closed' ? (
                reopenable(y, allYears.data ?? []) && (
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => setReopening(y)}
                    data-testid="reopen-year"
                  >
                    {t('fy.reopen')}
                  </Button>
                )
              ) : (
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" variant="default" onClick={() => setEditing({ year: y })}>
                    {t('common.edit')}
                  </Button>
                  <Button size="compact-sm" color="red" variant="light" onClick={() => askClose(y)}>
                    {t('fy.close')}
                  </Button>
                </Group>
              )),
          },
        ]}
      />
      {editing && <YearForm year={editing.year} onClose={() => setEditing(null)} />}
      {reopening && (
        <ReasonModal
          title={`${t('fy.reopen')}: ${reopening.name}`}
          reasonLabel={t('fy.reopenReason')}
          reasonRequired={t('validation.required')}
          submitLabel={t('fy.reopen')}
          confirmTitle={t('fy.reopen')}
          confirmMessage={t('fy.reopenHint', { name: reopening.name })}
          mutation={{
            isPending: close.isPending,
            mutate: (reason, callbacks) =>
              close.mutate({ id: reopening.id, action: 'reopen', body: { reason } }, callbacks),
          }}
          onClose={() => setReopening(null)}
          testId="reopen-year-form"
        />
      )}
    </>
  );
}

/** A closed year may be reopened when it is the latest and no year is open (the API says the same). */
const reopenable = (year: FinancialYear, rows: FinancialYear[]) =>
  !rows.some((r) => r.status === 'open' || r.startDate > year.startDate);

/** The close confirmation's body: per book, the income and expenses closed into retained earnings. */
function ClosingPreview({ year }: { year: FinancialYear }) {
  const { t } = useTranslation();
  const closing = useYearClosing(year.id);
  if (!closing.data)
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('fyClose.loading')}</Text>
      </Group>
    );
  return (
    <Stack gap="sm" data-testid="year-closing">
      <Text size="sm">{t('fyClose.intro', { name: year.name, date: formatDate(closing.data.date) })}</Text>
      <Table withTableBorder fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fyClose.book')}</Table.Th>
            <Table.Th ta="right">{t('fyClose.income')}</Table.Th>
            <Table.Th ta="right">{t('fyClose.expenses')}</Table.Th>
            <Table.Th ta="right">{t('fyClose.result')}</Table.Th>
            <Table.Th>{t('fyClose.into')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {closing.data.books.map((b) => (
            <Table.Tr key={b.book}>
              <Table.Td>{t(`acc.books.${b.book}`)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(b.income)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(b.expenses)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(b.result)}</Table.Td>
              <Table.Td>
                {b.accounts === 0 ? (
                  <Text c="dimmed" size="sm">
                    {t('fyClose.nothing')}
                  </Text>
                ) : b.retainedEarnings ? (
                  `${b.retainedEarnings.code} ${b.retainedEarnings.name}`
                ) : (
                  <Text c="red" size="sm">
                    {t('fyClose.unmapped')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function YearForm({ year, onClose }: { year: FinancialYear | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    name: year?.name ?? '',
    startDate: year?.startDate ?? '',
    endDate: year?.endDate ?? '',
    collectionLockedUntil: year?.collectionLockedUntil ?? '',
    operationLockedUntil: year?.operationLockedUntil ?? '',
  });
  const create = financialYears.useCreate();
  const update = financialYears.useUpdate();
  const submit = form.onSubmit(() => {
    const v = form.values;
    const done = {
      onSuccess: (r: { message: string }) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    };
    if (year) {
      const body = form.validate(updateFinancialYearBody, {
        name: v.name,
        collectionLockedUntil: v.collectionLockedUntil || null,
        operationLockedUntil: v.operationLockedUntil || null,
      });
      if (body) update.mutate({ id: year.id, body }, done);
    } else {
      const body = form.validate(createFinancialYearBody, {
        name: v.name,
        startDate: v.startDate,
        endDate: v.endDate,
      });
      if (body) create.mutate(body, done);
    }
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={year ? t('fy.edit') : t('fy.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending || update.isPending}
      testId="financial-year-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <DateField label={t('fy.start')} required disabled={Boolean(year)} {...form.text('startDate')} />
      <DateField label={t('fy.end')} required disabled={Boolean(year)} {...form.text('endDate')} />
      {year && (
        <>
          <DateField label={t('fy.lockCollection')} {...form.text('collectionLockedUntil')} />
          <DateField label={t('fy.lockOperation')} {...form.text('operationLockedUntil')} />
        </>
      )}
    </FormModal>
  );
}
