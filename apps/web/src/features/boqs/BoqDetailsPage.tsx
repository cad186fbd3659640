import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { formatMoney } from '../../lib/format.ts';
import { boqs } from './hooks.ts';

export default function BoqDetailsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <BoqDetailsPage />
    </RequirePermission>
  );
}

function BoqDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const boq = boqs.useOne(id);
  const b = boq.data;
  if (!b) return <LoadingBlock />;
  return (
    <DetailsLayout
      title={b.name}
      description={`${b.seasonName} · ${b.cropName}${b.notes ? ` — ${b.notes}` : ''}`}
      breadcrumbs={[{ label: t('boqsMd.title'), to: '/settings/collection/boqs/list' }, { label: b.name }]}
      history={{ entity: 'boq', id: b.id }}
    >
      <Section>
        <Table data-testid="boq-items">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('boqsMd.item')}</Table.Th>
              <Table.Th>{t('boqsMd.unit')}</Table.Th>
              <Table.Th>{t('boqsMd.quantity')}</Table.Th>
              <Table.Th>{t('boqsMd.unitPrice')}</Table.Th>
              <Table.Th>{t('boqsMd.costPerAcre')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(b.items ?? []).map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.item}</Table.Td>
                <Table.Td>{i.unit}</Table.Td>
                <Table.Td>{i.quantityPerAcre}</Table.Td>
                <Table.Td>{formatMoney(i.unitPrice)}</Table.Td>
                <Table.Td>{formatMoney(i.costPerAcre)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={700} ta="right" mt="sm">
          {t('boqsMd.costPerAcre')}: {formatMoney(b.costPerAcre)}
        </Text>
      </Section>
    </DetailsLayout>
  );
}
