import { Button, Group, Tabs } from '@mantine/core';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { buyers } from '../hooks.ts';
import { InvoicesList, ReceiptsList } from '../SalesLists.tsx';
import { BuyerForm, useCanWriteBuyers } from './BuyersPage.tsx';

export default function BuyerDetailsRoute() {
  return (
    <RequirePermission permission="sales.invoice.read" unionOnly>
      <BuyerDetailsPage />
    </RequirePermission>
  );
}

function BuyerDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const buyer = buyers.useOne(id);
  const canWrite = useCanWriteBuyers();
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState(`${todayInTanzania().slice(0, 4)}-01-01`);
  const [to, setTo] = useState(todayInTanzania());
  const b = buyer.data;
  if (!b) return <RecordUnavailable error={buyer.error} />;
  return (
    <DetailsLayout
      title={b.name}
      description={`${b.bidCode} · ${b.licenceNo}`}
      status={b.status}
      breadcrumbs={[{ label: t('salesMd.buyers'), to: '/collections/sales/buyers/list' }, { label: b.name }]}
      actions={
        canWrite && (
          <Button variant="default" onClick={() => setEditing(true)} data-testid="edit-buyer">
            {t('common.edit')}
          </Button>
        )
      }
    >
      <Section>
        <InfoGrid
          items={[
            [
              t('salesMd.balance'),
              <span key="v58" data-testid="buyer-balance">
                {moneyOrDash(b.balance)}
              </span>,
            ],
            [
              t('salesMd.credit'),
              <span key="v59" data-testid="buyer-credit">
                {moneyOrDash(b.credit)}
              </span>,
            ],
            [t('salesMd.bidSecurity'), moneyOrDash(b.bidSecurity)],
            [t('salesMd.licenceExpiresOn'), formatDate(b.licenceExpiresOn)],
            [t('salesMd.tin'), b.tin],
            [t('salesMd.contactPerson'), b.contactPerson],
            [t('fields.phone'), b.phone],
            [t('fields.email'), b.email],
            [t('salesMd.address'), b.address],
            [t('salesMd.country'), b.country],
          ]}
        />
      </Section>
      <Section title={t('salesMd.statement')}>
        <Group align="end">
          <DateField
            label={t('salesMd.from')}
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <DateField label={t('salesMd.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <PdfButton
            path={`sales/buyers/${b.id}/statement`}
            query={{ from, to }}
            name={`statement-${b.bidCode}`}
            label={t('salesMd.statement')}
          />
        </Group>
      </Section>
      <Tabs defaultValue="invoices" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="invoices">{t('salesMd.invoices')}</Tabs.Tab>
          <Tabs.Tab value="receipts">{t('salesMd.receipts')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('salesMd.history')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="invoices">
          <InvoicesList buyerId={b.id} />
        </Tabs.Panel>
        <Tabs.Panel value="receipts">
          <ReceiptsList buyerId={b.id} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryPanel entity="buyer" id={b.id} variant="bare" withTitle={false} />
        </Tabs.Panel>
      </Tabs>
      {editing && <BuyerForm buyer={b} onClose={() => setEditing(false)} />}
    </DetailsLayout>
  );
}
