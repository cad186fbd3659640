import { Anchor, Checkbox, Paper, Text, Textarea } from '@mantine/core';
import { createGroupInvoiceBody, type GroupInvoiceDetail } from '@ushirika/contracts';
import { sum, todayInTanzania } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { Section } from '../../../components/Section.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { BuyerSelect } from '../buyers/BuyerSelect.tsx';
import { groupInvoices, useCreateSales, useGroupInvoice, useOpenInvoices } from '../hooks.ts';
import { useBuyerPicks } from '../use-buyer-picks.ts';
import { confirmCreate } from './confirm-create.ts';

export const GroupInvoicesRoute = withPermission(GroupInvoicesPage, 'sales.invoice.read', {
  unionOnly: true,
});
export const GroupInvoiceCreateRoute = withPermission(GroupInvoiceCreatePage, 'sales.invoice.create', {
  unionOnly: true,
});
export const GroupInvoiceDetailsRoute = withPermission(GroupInvoiceDetailsPage, 'sales.invoice.read', {
  unionOnly: true,
});

function GroupInvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = useCan('sales.invoice.create', 'union');
  return (
    <>
      <PageHeader
        title={t('salesMd.groupInvoices')}
        breadcrumbs={[{ label: t('salesMd.sales') }, { label: t('salesMd.groupInvoices') }]}
      />
      <ResourceList
        label={t('salesMd.groupInvoices')}
        resource={groupInvoices}
        testId="group-invoices-table"
        emptyTitle={t('salesMd.noGroups')}
        {...(canCreate
          ? {
              onCreate: () => navigate('/collections/sales/group-invoices/create'),
              createLabel: t('salesMd.createGroup'),
            }
          : {})}
        columns={[
          {
            key: 'groupNo',
            header: t('salesMd.groupNo'),
            sortField: 'groupNo',
            render: (g) => (
              <Anchor component={Link} to={`/collections/sales/group-invoices/${g.id}/details`}>
                {g.groupNo}
              </Anchor>
            ),
          },
          { key: 'buyer', header: t('salesMd.buyer'), render: (g) => g.buyerName },
          {
            key: 'date',
            header: t('salesMd.groupDate'),
            sortField: 'groupDate',
            render: (g) => formatDate(g.groupDate),
          },
          { key: 'due', header: t('salesMd.dueDate'), render: (g) => formatDate(g.dueDate) },
          { key: 'count', header: t('salesMd.invoiceCount'), align: 'right', render: (g) => g.invoiceCount },
          {
            key: 'total',
            header: t('salesMd.total'),
            align: 'right',
            sortField: 'total',
            render: (g) => moneyOrDash(g.total),
          },
          {
            key: 'balance',
            header: t('salesMd.balance'),
            align: 'right',
            render: (g) => moneyOrDash(g.balance),
          },
        ]}
      />
    </>
  );
}

function GroupInvoiceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ buyerId: null as string | null, groupDate: todayInTanzania(), remarks: '' });
  const { chosen, changeBuyer, pick } = useBuyerPicks(form);
  const open = useOpenInvoices(form.values.buyerId);
  const create = useCreateSales<unknown, GroupInvoiceDetail>('sales/group-invoices');
  const submit = form.onSubmit(() => {
    const body = form.validate(createGroupInvoiceBody, { ...form.values, invoiceIds: chosen });
    if (!body) return;
    const picked = (open.data ?? []).filter((i) => chosen.includes(i.id));
    confirmCreate(
      {
        title: t('salesMd.createGroup'),
        message: t('salesMd.confirmGroup', { count: chosen.length }),
        amount: formatMoney(sum(picked.map((i) => i.balance)).toFixed(2)),
      },
      create,
      body,
      {
        open: (id) => navigate(`/collections/sales/group-invoices/${id}/details`),
        onError: form.showApiError,
      },
    );
  });
  return (
    <>
      <PageHeader
        title={t('salesMd.createGroup')}
        breadcrumbs={[
          { label: t('salesMd.groupInvoices'), to: '/collections/sales/group-invoices/list' },
          { label: t('salesMd.createGroup') },
        ]}
      />
      <Paper withBorder p="md" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError ?? (form.errors as Record<string, string | undefined>).invoiceIds ?? null}
          submitLabel={t('common.save')}
          submitting={create.isPending}
          onCancel={() => navigate('/collections/sales/group-invoices/list')}
          testId="group-invoice-form"
        >
          <BuyerSelect required autoFocus {...form.control('buyerId')} onChange={changeBuyer} />
          <DateField required label={t('salesMd.groupDate')} {...form.text('groupDate')} />
          <Textarea label={t('salesMd.remarks')} {...form.text('remarks')} />
          <Text fw={500}>{t('salesMd.chooseInvoices')}</Text>
          {form.values.buyerId && (open.data ?? []).length === 0 && !open.isLoading && (
            <Text c="dimmed">{t('salesMd.noOpenInvoices')}</Text>
          )}
          {(open.data ?? []).map((i) => (
            <Checkbox
              key={i.id}
              label={`${i.invoiceNo} · ${formatDate(i.invoiceDate)} · ${moneyOrDash(i.balance)}`}
              checked={chosen.includes(i.id)}
              onChange={(e) => pick(i.id, e.currentTarget.checked)}
            />
          ))}
        </FormLayout>
      </Paper>
    </>
  );
}

/** The invoices a group combines, each with its total, what is left to pay and its status. */
function memberColumns(t: TFunction): LineColumn<GroupInvoiceDetail['invoices'][number]>[] {
  return [
    {
      key: 'invoiceNo',
      header: t('salesMd.invoiceNo'),
      render: (i) => (
        <Anchor component={Link} to={`/collections/sales/invoices/${i.id}/details`}>
          {i.invoiceNo}
        </Anchor>
      ),
    },
    { key: 'date', header: t('salesMd.invoiceDate'), kind: 'date', value: (i) => i.invoiceDate },
    { key: 'total', header: t('salesMd.total'), kind: 'money', value: (i) => i.total },
    { key: 'balance', header: t('salesMd.balance'), kind: 'money', value: (i) => i.balance },
    { key: 'status', header: t('fields.status'), render: (i) => <StatusBadge status={i.status} /> },
  ];
}

function GroupInvoiceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const group = useGroupInvoice(id);
  const g = group.data;
  if (!g) return <RecordUnavailable error={group.error} />;
  return (
    <DetailsLayout
      title={`${t('salesMd.groupInvoice')} ${g.groupNo}`}
      breadcrumbs={[
        { label: t('salesMd.groupInvoices'), to: '/collections/sales/group-invoices/list' },
        { label: g.groupNo },
      ]}
      actions={<PdfButton path={`sales/group-invoices/${g.id}/pdf`} name={g.groupNo} />}
      history={{ entity: 'group_invoice', id }}
    >
      <Section>
        <InfoGrid
          items={[
            [t('salesMd.buyer'), g.buyerName],
            [t('salesMd.groupDate'), formatDate(g.groupDate)],
            [t('salesMd.dueDate'), formatDate(g.dueDate)],
            [t('salesMd.invoiceCount'), String(g.invoiceCount)],
            [t('salesMd.total'), moneyOrDash(g.total)],
            [t('salesMd.balance'), moneyOrDash(g.balance)],
            [t('salesMd.remarks'), g.remarks],
          ]}
        />
      </Section>
      <Section title={t('salesMd.invoices')}>
        <LinesTable
          label={t('salesMd.invoices')}
          columns={memberColumns(t)}
          lines={g.invoices}
          lineKey={(i) => i.id}
        />
      </Section>
    </DetailsLayout>
  );
}
