import { Anchor, Group, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EditButton } from '../../../components/EditButton.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { Section } from '../../../components/Section.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useSupplierDetail } from '../hooks.ts';

/** A supplier at a glance: how it is paid, what is owed, its open orders and its invoices. */
export function SupplierDetailsModal({
  id,
  onClose,
  onEdit,
}: {
  id: string;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation();
  const detail = useSupplierDetail(id);
  const s = detail.data;
  const year = new Date().getFullYear();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={s?.name ?? t('purchaseMd.supplier')}
      data-testid="supplier-details"
    >
      {!s ? (
        <RecordUnavailable error={detail.error} />
      ) : (
        <>
          <Group justify="flex-end" mb="sm" gap="xs">
            <PdfButton
              path={`purchase/suppliers/${s.id}/statement`}
              query={{ from: `${year}-01-01` }}
              name={`supplier-statement-${s.name}`}
              label={t('purchaseMd.statement')}
            />
            {onEdit && <EditButton onClick={onEdit} />}
          </Group>
          <Section>
            <InfoGrid
              items={[
                [t('purchaseMd.tin'), s.tin ?? '—'],
                [t('purchaseMd.vrn'), s.vrn ?? '—'],
                [t('purchaseMd.contactPerson'), s.contactPerson ?? '—'],
                [t('fields.phone'), s.phone ?? '—'],
                [t('purchaseMd.paidBy'), t(`purchaseMd.method.${s.paymentMethod}`)],
                [
                  t('purchaseMd.account'),
                  s.paymentMethod === 'bank'
                    ? `${s.bankName ?? ''} ${s.accountNo ?? ''}`
                    : (s.mobileMoneyNo ?? '—'),
                ],
                [t('purchaseMd.paymentTermsDays'), String(s.paymentTermsDays)],
                [
                  t('purchaseMd.balance'),
                  <span key="b" data-testid="supplier-balance">
                    {moneyOrDash(s.balance)}
                  </span>,
                ],
              ]}
            />
          </Section>
          <Section title={t('purchaseMd.openOrders')} mt="md">
            {s.openOrders.length === 0 ? (
              <Text c="dimmed">{t('purchaseMd.noOrders')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {s.openOrders.map((o) => (
                    <Table.Tr key={o.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/purchase/orders/${o.id}/details`}>
                          {o.orderNo}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDate(o.orderDate)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={o.status} />
                      </Table.Td>
                      <Table.Td ta="right">{moneyOrDash(o.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <Section title={t('purchaseMd.invoices')} mt="md">
            {s.invoices.length === 0 ? (
              <Text c="dimmed">{t('purchaseMd.noInvoices')}</Text>
            ) : (
              <Table>
                <Table.Tbody>
                  {s.invoices.map((i) => (
                    <Table.Tr key={i.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/purchase/invoices/${i.id}/details`}>
                          {i.invoiceNo}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{i.supplierInvoiceNo}</Table.Td>
                      <Table.Td>{formatDate(i.invoiceDate)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={i.status} />
                      </Table.Td>
                      <Table.Td ta="right">{moneyOrDash(i.balance)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Section>
          <HistoryPanel entity="supplier" id={s.id} />
        </>
      )}
    </Modal>
  );
}
