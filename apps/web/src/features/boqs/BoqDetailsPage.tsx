import { Text } from '@mantine/core';
import type { BoqDetail } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { type LineColumn, LinesTable } from '../../components/LinesTable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { formatMoney } from '../../lib/format.ts';
import { unitLabel } from '../../lib/units.ts';
import { boqs } from './hooks.ts';

type BoqItem = NonNullable<BoqDetail['items']>[number];

/** A BOQ's items: what a farmer needs per acre, at what price, and the cost per acre. */
function boqItemColumns(t: TFunction): LineColumn<BoqItem>[] {
  return [
    { key: 'item', header: t('boqsMd.item'), value: (i) => i.item },
    { key: 'unit', header: t('boqsMd.unit'), value: (i) => unitLabel(i.unit) },
    { key: 'quantity', header: t('boqsMd.quantity'), value: (i) => i.quantityPerAcre },
    { key: 'unitPrice', header: t('boqsMd.unitPrice'), kind: 'amount', value: (i) => i.unitPrice },
    { key: 'cost', header: t('boqsMd.costPerAcre'), kind: 'amount', value: (i) => i.costPerAcre },
  ];
}

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
        <LinesTable
          label={t('boqsMd.items')}
          columns={boqItemColumns(t)}
          lines={b.items ?? []}
          lineKey={(i) => i.id}
          testId="boq-items"
        />
        <Text fw={700} ta="right" mt="sm">
          {t('boqsMd.costPerAcre')}: {formatMoney(b.costPerAcre)}
        </Text>
      </Section>
    </DetailsLayout>
  );
}
