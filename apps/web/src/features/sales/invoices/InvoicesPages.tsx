import { Anchor, Button, Group, Paper, Table, Text } from '@mantine/core';
import { createSalesInvoiceBody, type SalesInvoiceDetail } from '@ushirika/contracts';
import { priceLine, sum, todayInTanzania } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { LineInputCell } from '../../../components/LineInputCell.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { AddLineButton, RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatKg, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useLines } from '../../../lib/use-lines.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { OriginSection } from '../../crop-flow/origin/OriginSection.tsx';
import { DocumentNote } from '../../document-texts/DocumentNote.tsx';
import { BuyerSelect } from '../buyers/BuyerSelect.tsx';
import { useCreateSales, useInvoice, useSalesAction, useSalesSettings } from '../hooks.ts';
import { AllocationsSection } from '../receipts/AllocationsSection.tsx';
import { InvoicesList } from '../SalesLists.tsx';
import { confirmCreate } from './confirm-create.ts';
import { SalesSettingsButton } from './SalesSettings.tsx';

export const InvoicesRoute = withPermission(InvoicesPage, 'sales.invoice.read', { unionOnly: true });
export const InvoiceCreateRoute = withPermission(InvoiceCreatePage, 'sales.invoice.create', {
  unionOnly: true,
});
export const InvoiceDetailsRoute = withPermission(InvoiceDetailsPage, 'sales.invoice.read', {
  unionOnly: true,
});

function InvoicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = useCan('sales.invoice.create', 'union');
  return (
    <>
      <PageHeader
        title={t('salesMd.invoices')}
        breadcrumbs={[{ label: t('salesMd.sales') }, { label: t('salesMd.invoices') }]}
        actions={<SalesSettingsButton />}
      />
      <InvoicesList
        {...(canCreate ? { onCreate: () => navigate('/collections/sales/invoices/create') } : {})}
      />
    </>
  );
}

type Line = { description: string; kg: string; pricePerKg: string };
const emptyLine = (): Line => ({ description: '', kg: '', pricePerKg: '' });

/** A manual invoice for other sales: buyer, dates, lines of kg x price. */
function InvoiceCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm({ buyerId: null as string | null, invoiceDate: todayInTanzania(), dueDate: '' });
  const { lines, setLine, addLine, removeButton } = useLines(emptyLine);
  const [lineError, setLineError] = useState<string | null>(null);
  const create = useCreateSales<unknown, SalesInvoiceDetail>('sales/invoices');
  const settings = useSalesSettings();
  const submit = form.onSubmit(() => {
    setLineError(null);
    const input = { ...form.values, dueDate: form.values.dueDate || null, lines };
    const parsed = createSalesInvoiceBody.safeParse(input);
    if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'lines')) {
      setLineError(parsed.error.issues.find((i) => i.path[0] === 'lines')?.message ?? null);
    }
    const body = form.validate(createSalesInvoiceBody, input);
    if (!body) return;
    const total = sum(
      body.lines.map((l) => priceLine({ quantity: l.kg, unitPrice: l.pricePerKg, vat: false }, 0).amount),
    );
    confirmCreate(
      {
        title: t('salesMd.confirmInvoiceTitle'),
        message: t('salesMd.confirmInvoice'),
        amount: formatMoney(total.toFixed(2)),
      },
      create,
      body,
      { open: (id) => navigate(`/collections/sales/invoices/${id}/details`), onError: form.showApiError },
    );
  });
  return (
    <>
      <PageHeader
        title={t('salesMd.createInvoice')}
        breadcrumbs={[
          { label: t('salesMd.invoices'), to: '/collections/sales/invoices/list' },
          { label: t('salesMd.createInvoice') },
        ]}
      />
      <Paper withBorder p="md" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError ?? lineError}
          submitLabel={t('common.save')}
          submitting={create.isPending}
          onCancel={() => navigate('/collections/sales/invoices/list')}
          testId="invoice-form"
        >
          <BuyerSelect required autoFocus {...form.control('buyerId')} />
          <Group grow>
            <DateField required label={t('salesMd.invoiceDate')} {...form.text('invoiceDate')} />
            <DateField
              label={t('salesMd.dueDate')}
              description={
                settings.data
                  ? t('salesMd.dueHintDays', { count: settings.data.invoiceDueDays })
                  : t('salesMd.dueHint')
              }
              {...form.text('dueDate')}
            />
          </Group>
          <Table data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('salesMd.description')}</Table.Th>
                <Table.Th w={140}>{t('salesMd.kg')}</Table.Th>
                <Table.Th w={160}>{t('salesMd.pricePerKg')}</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id until saved
                <Table.Tr key={i}>
                  <LineInputCell
                    label={t('salesMd.description')}
                    value={l.description}
                    onChange={(description) => setLine(i, { description })}
                  />
                  <LineInputCell
                    label={t('salesMd.kg')}
                    decimal
                    value={l.kg}
                    onChange={(kg) => setLine(i, { kg })}
                  />
                  <LineInputCell
                    label={t('salesMd.pricePerKg')}
                    decimal
                    value={l.pricePerKg}
                    onChange={(pricePerKg) => setLine(i, { pricePerKg })}
                  />
                  <Table.Td>
                    <RemoveLineButton label={t('salesMd.removeLine')} {...removeButton(i)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <AddLineButton label={t('salesMd.addLine')} onClick={addLine} />
          </Group>
        </FormLayout>
      </Paper>
    </>
  );
}

type InvoiceLine = SalesInvoiceDetail['lines'][number];

/** An invoice's lines: lots sold (kg × price) and the buyer's levies, each with its amount. */
function invoiceLineColumns(t: TFunction): LineColumn<InvoiceLine>[] {
  return [
    { key: 'lineNo', header: '#', value: (l) => String(l.lineNo) },
    {
      key: 'description',
      header: t('salesMd.description'),
      render: (l) => (
        <>
          {l.description}
          {l.kind === 'buyer_levy' && (
            <Text span c="dimmed" size="sm">
              {' '}
              ({t('salesMd.levyLine')}
              {l.beneficiaryName ? `: ${l.beneficiaryName}` : ''})
            </Text>
          )}
        </>
      ),
    },
    { key: 'lot', header: t('salesMd.lot'), value: (l) => l.lotNo },
    // A levy line has no kg or price: the cells stay empty rather than dashed.
    { key: 'kg', header: t('salesMd.kg'), align: 'right', render: (l) => (l.kg ? formatKg(l.kg) : '') },
    {
      key: 'price',
      header: t('salesMd.pricePerKg'),
      align: 'right',
      render: (l) => (l.pricePerKg ? moneyOrDash(l.pricePerKg) : ''),
    },
    { key: 'amount', header: t('salesMd.amount'), kind: 'money', value: (l) => l.amount },
  ];
}

function InvoiceDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const invoice = useInvoice(id);
  const canCancel = useCan('sales.invoice.create', 'union');
  const [cancelling, setCancelling] = useState(false);
  const inv = invoice.data;
  if (!inv) return <RecordUnavailable error={invoice.error} />;
  return (
    <DetailsLayout
      title={`${t('salesMd.invoice')} ${inv.invoiceNo}`}
      status={inv.status}
      statusTestId="invoice-status"
      breadcrumbs={[
        { label: t('salesMd.invoices'), to: '/collections/sales/invoices/list' },
        { label: inv.invoiceNo },
      ]}
      history={{ entity: 'sales_invoice', id }}
      actions={
        <>
          <PdfButton path={`sales/invoices/${inv.id}/pdf`} name={inv.invoiceNo} />
          {canCancel && inv.status === 'issued' && (
            <Button
              color="red"
              variant="light"
              onClick={() => setCancelling(true)}
              data-testid="cancel-invoice"
            >
              {t('salesMd.cancel')}
            </Button>
          )}
        </>
      }
    >
      <Section>
        <InfoGrid
          items={[
            [
              t('salesMd.buyer'),
              <Anchor key="v225" component={Link} to={`/collections/sales/buyers/${inv.buyerId}/details`}>
                {inv.buyerName}
              </Anchor>,
            ],
            [t('salesMd.invoiceDate'), formatDate(inv.invoiceDate)],
            [t('salesMd.dueDate'), formatDate(inv.dueDate)],
            [t('salesMd.auction'), inv.auctionId ? t('salesMd.fromAuction') : t('salesMd.manualSale')],
            [t('salesMd.goods'), moneyOrDash(inv.subtotal)],
            [t('salesMd.levies'), moneyOrDash(inv.leviesTotal)],
            [t('salesMd.total'), moneyOrDash(inv.total)],
            [
              t('salesMd.balance'),
              <span key="v235" data-testid="invoice-balance">
                {moneyOrDash(inv.balance)}
              </span>,
            ],
            ...(inv.cancelReason
              ? ([[t('salesMd.cancelReason'), inv.cancelReason]] as [string, string][])
              : []),
          ]}
        />
      </Section>
      <Section title={t('salesMd.lines')}>
        <LinesTable
          label={t('salesMd.lines')}
          columns={invoiceLineColumns(t)}
          lines={inv.lines}
          lineKey={(l) => String(l.lineNo)}
          testId="invoice-lines"
        />
      </Section>
      <AllocationsSection
        documentLabel={t('salesMd.receiptNo')}
        rows={inv.allocations.map((a) => ({
          key: `${a.receiptId}-${a.amount}`,
          no: a.receiptNo,
          to: `/collections/sales/receipts/${a.receiptId}/details`,
          date: a.receiptDate,
          amount: a.amount,
        }))}
      />
      <OriginSection source={{ kind: 'invoice', id: inv.id }} />
      {cancelling && <CancelInvoiceForm invoice={inv} onClose={() => setCancelling(false)} />}
      <DocumentNote kind="sales_invoice" id={id} />
      <AttachmentsSection recordType="sales-invoice" recordId={id} />
    </DetailsLayout>
  );
}

function CancelInvoiceForm({ invoice, onClose }: { invoice: SalesInvoiceDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useSalesAction<{ reason: string }, SalesInvoiceDetail>(
    'sales_invoice',
    (id) => `sales/invoices/${id}/cancel`,
  );
  return (
    <ReasonModal
      title={t('salesMd.cancel')}
      reasonLabel={t('salesMd.cancelReason')}
      reasonRequired={t('salesMd.reasonRequired')}
      submitLabel={t('salesMd.cancel')}
      confirmTitle={t('salesMd.cancel')}
      confirmMessage={t('salesMd.cancelConfirm', { invoiceNo: invoice.invoiceNo })}
      mutation={{
        mutate: (reason, callbacks) => cancel.mutate({ id: invoice.id, body: { reason } }, callbacks),
        isPending: cancel.isPending,
      }}
      onClose={onClose}
      testId="cancel-invoice-form"
    />
  );
}
