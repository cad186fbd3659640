import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { distributionLine } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { useCan } from '../../../lib/use-can.ts';
import { distributions, useCancelDistribution } from './hooks.ts';

/** What was issued: item, quantity, the farmer's price and value, the programme's subsidy, the cost. */
function distributionLineColumns(t: TFunction): LineColumn<z.infer<typeof distributionLine>>[] {
  return [
    { key: 'item', header: t('inputs.item'), value: (l) => `${l.itemName} (${unitLabel(l.unit)})` },
    {
      key: 'quantity',
      header: t('inputs.quantity'),
      align: 'right',
      render: (l) => dec(l.quantity).toString(),
    },
    { key: 'price', header: t('inputs.unitPrice'), kind: 'amount', value: (l) => l.unitPrice },
    { key: 'farmer', header: t('inputs.farmerAmount'), kind: 'amount', value: (l) => l.farmerValue },
    { key: 'subsidy', header: t('inputs.subsidy'), kind: 'amount', value: (l) => l.subsidyValue },
    { key: 'cost', header: t('inputs.cost'), kind: 'amount', value: (l) => l.costValue },
  ];
}

export default function DistributionDetailsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <DistributionDetailsPage />
    </RequirePermission>
  );
}

function DistributionDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const distribution = distributions.useOne(id);
  const cancel = useCancelDistribution(id);
  const canCancel = useCan('collections.input.approve');
  const [cancelling, setCancelling] = useState(false);
  const d = distribution.data;
  if (!d) return <LoadingBlock />;
  const recovered = d.loanRecovered !== null && !dec(d.loanRecovered).isZero();
  return (
    <DetailsLayout
      title={d.distributionNo}
      status={d.status}
      statusTestId="distribution-status"
      description={`${d.farmerNo} · ${d.farmerName} · ${d.amcosName}`}
      breadcrumbs={[
        { label: t('inputs.distributions.title'), to: '/collections/distributions/list' },
        { label: d.distributionNo },
      ]}
      history={{ entity: 'input_distribution', id: d.id }}
      actions={
        <Group gap="xs">
          <PdfButton
            path={`collections/distributions/${d.id}/note`}
            name={d.distributionNo}
            label={t('inputs.distributions.note')}
          />
          {canCancel && d.status === 'issued' && !recovered && (
            <Button
              variant="default"
              color="red"
              leftSection={<IconArrowBackUp size={16} aria-hidden />}
              onClick={() => setCancelling(true)}
              data-testid="distribution-cancel"
            >
              {t('inputs.distributions.cancel')}
            </Button>
          )}
        </Group>
      }
    >
      <Section>
        <InfoGrid
          items={[
            [t('inputs.date'), formatDate(d.distributedOn)],
            [t('inputs.kind'), t(`inputs.kinds.${d.kind}`)],
            [t('inputs.store'), d.storeName],
            [
              t('inputs.distributions.request'),
              <Anchor key="r" component={Link} to={`/collections/farmer-requests/${d.requestId}/details`}>
                {d.requestNo}
              </Anchor>,
            ],
            [t('inputs.farmerAmount'), formatMoney(d.farmerAmount)],
            [t('inputs.subsidy'), formatMoney(d.subsidyAmount)],
            [t('inputs.loan'), d.loanNo],
            [t('inputs.loanOutstanding'), d.loanOutstanding ? formatMoney(d.loanOutstanding) : null],
            [t('inputs.cost'), formatMoney(d.costValue)],
            [t('inputs.margin'), formatMoney(d.margin)],
            [t('inputs.distributions.cancelReason'), d.cancelReason],
          ]}
        />
      </Section>
      <Section title={t('inputs.lines')}>
        <LinesTable
          label={t('inputs.lines')}
          columns={distributionLineColumns(t)}
          lines={d.lines ?? []}
          lineKey={(l) => l.id}
          minWidth={640}
          testId="distribution-detail-lines"
        />
      </Section>
      {cancelling && (
        <ReasonModal
          title={t('inputs.distributions.cancelTitle')}
          reasonLabel={t('inputs.distributions.cancelReason')}
          reasonRequired={t('inputs.distributions.cancelRequired')}
          submitLabel={t('inputs.distributions.cancel')}
          confirmTitle={t('inputs.distributions.cancelTitle')}
          confirmMessage={t('inputs.distributions.cancelMessage', { no: d.distributionNo })}
          mutation={{
            mutate: (reason, callbacks) => cancel.mutate(reason, callbacks),
            isPending: cancel.isPending,
          }}
          onClose={() => setCancelling(false)}
          testId="distribution-cancel-modal"
        />
      )}
    </DetailsLayout>
  );
}
