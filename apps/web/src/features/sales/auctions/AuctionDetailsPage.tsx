import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AuctionDetail, AuctionLot } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { useListState } from '../../../components/use-list-state.ts';
import { formatDate, formatDecimal, formatKg, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { seasonCrops } from '../../seasons/hooks.ts';
import { AuctionStatus } from './AuctionStatus.tsx';
import { CatalogueBuilder } from './CatalogueBuilder.tsx';
import { cataloguePage } from './catalogue-page.ts';
import { DecisionsPanel } from './DecisionsPanel.tsx';
import { useAuction, useAuctionLots, useClose, usePublish, useRemoveLots } from './hooks.ts';
import { ImportResultsModal } from './ImportResultsModal.tsx';
import { ResultsGrid } from './ResultsGrid.tsx';

export default function AuctionDetailsRoute() {
  return (
    <RequirePermission permission="sales.auction.read">
      <AuctionDetailsPage />
    </RequirePermission>
  );
}

function AuctionDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const auction = useAuction(id);
  const lots = useAuctionLots(id);
  const union = !user?.amcosId;
  const canDecide = useCan('sales.auction.update');
  const canRun = union && canDecide;
  const [importing, setImporting] = useState(false);
  const publish = usePublish(id);
  const close = useClose(id);
  const a = auction.data;
  if (!a) return <LoadingBlock />;
  const rows = lots.data ?? [];
  const actions = canRun && (
    <>
      {a.status === 'draft' && (
        <Button
          onClick={() =>
            confirmAction({
              title: t('auctionsMd.publishTitle', { no: a.auctionNo }),
              message: t('auctionsMd.publishMessage', { count: a.lotCount }),
              amount: formatKg(a.netKg),
              confirmLabel: t('auctionsMd.publish'),
              danger: false,
              onConfirm: () => publish.mutate(),
            })
          }
          loading={publish.isPending}
          disabled={a.lotCount === 0}
          data-testid="publish-auction"
        >
          {t('auctionsMd.publish')}
        </Button>
      )}
      {a.status === 'results' && (
        <Button
          color="teal"
          loading={close.isPending}
          data-testid="close-auction"
          onClick={() =>
            confirmAction({
              title: t('auctionsMd.closeTitle', { no: a.auctionNo }),
              message: t('auctionsMd.closeMessage', {
                accepted: a.counts.accepted,
                returned: a.counts.lots - a.counts.accepted,
                amount: formatMoney(a.soldAmount),
              }),
              confirmLabel: t('auctionsMd.close'),
              danger: false,
              onConfirm: () => close.mutate(),
            })
          }
        >
          {t('auctionsMd.close')}
        </Button>
      )}
    </>
  );
  return (
    <DetailsLayout
      title={`${t('auctionsMd.auction')} ${a.auctionNo}`}
      badge={<AuctionStatus status={a.status} testId="auction-status" />}
      description={`${formatDate(a.auctionDate)} · ${a.seasonName} · ${a.cropName} · ${t(`auctionsMd.platforms.${a.platform}`)}${a.venue ? ` · ${a.venue}` : ''}`}
      breadcrumbs={[
        { label: t('auctionsMd.title'), to: '/collections/sales/auctions' },
        { label: a.auctionNo },
      ]}
      actions={actions}
      history={union ? { entity: 'auction', id: a.id } : undefined}
    >
      <Summary auction={a} />
      {canRun && a.status === 'draft' && <DraftBuilder auction={a} />}
      {canRun && (a.status === 'catalogued' || a.status === 'results') && (
        <ResultsGrid auctionId={id} lots={rows} onImport={() => setImporting(true)} />
      )}
      {canDecide && a.status === 'results' && <DecisionsPanel auctionId={id} lots={rows} />}
      <Catalogue
        auction={a}
        lots={rows}
        loading={lots.isLoading}
        removable={canRun && a.status === 'draft'}
      />
      {union && a.invoices.length > 0 && (
        <Section title={t('auctionsMd.invoices')} data-testid="auction-invoices">
          {a.invoices.map((i) => (
            <Group key={i.id} justify="space-between">
              <Anchor component={Link} to={`/collections/sales/invoices/${i.id}/details`}>
                {i.invoiceNo}
              </Anchor>
              <Text>{i.buyerName}</Text>
              <Text fw={600}>{formatMoney(i.total)}</Text>
            </Group>
          ))}
        </Section>
      )}
      {importing && <ImportResultsModal auctionId={id} onClose={() => setImporting(false)} />}
      <AttachmentsSection recordType="auction" recordId={id} />
    </DetailsLayout>
  );
}

function Summary({ auction: a }: { auction: AuctionDetail }) {
  const { t } = useTranslation();
  const cards = [
    [t('auctionsMd.lots'), String(a.counts.lots)],
    [t('auctionsMd.netKg'), formatKg(a.netKg)],
    [t('auctionsMd.withResult'), `${a.counts.withResult} / ${a.counts.lots}`],
    [t('auctionsMd.accepted'), `${a.counts.accepted} · ${t('auctionsMd.rejected')} ${a.counts.rejected}`],
    [
      a.status === 'closed' ? t('auctionsMd.soldAmount') : t('auctionsMd.acceptedAmount'),
      formatMoney(a.soldAmount),
    ],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 5 }} data-testid="auction-summary">
      {cards.map(([label, value]) => (
        <Paper key={label} withBorder radius="md" p="sm">
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>{value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function DraftBuilder({ auction }: { auction: AuctionDetail }) {
  const crops = seasonCrops.useOptions();
  const price = crops.data?.find((c) => c.id === auction.seasonCropId)?.indicativePrice ?? '';
  return <CatalogueBuilder key={price} auctionId={auction.id} defaultReserve={price} />;
}

/**
 * The catalogue, a page at a time (issue #20: 80 lots on one page). The results grid and the
 * decisions need every lot at once, so the lots are loaded once and the table pages them here.
 */
function Catalogue({
  auction,
  lots,
  loading,
  removable,
}: {
  auction: AuctionDetail;
  lots: AuctionLot[];
  loading: boolean;
  removable: boolean;
}) {
  const { t } = useTranslation();
  const remove = useRemoveLots(auction.id);
  const list = useListState([], 'c_');
  const shown = cataloguePage(lots, list.search, list.page, list.perPage);
  const resultText = (l: AuctionLot) =>
    l.result === null
      ? '—'
      : l.result === 'bid'
        ? (l.buyerName ?? '')
        : t(`auctionsMd.resultValues.${l.result}`);
  const columns: Column<AuctionLot>[] = [
    {
      key: 'lot',
      header: t('auctionsMd.lotNo'),
      render: (l) => <span data-testid={`catalogue-row-${l.lotNo}`}>{l.lotNo}</span>,
    },
    { key: 'whr', header: t('auctionsMd.whrNo'), render: (l) => l.whrNo },
    { key: 'amcos', header: t('fields.amcos'), render: (l) => l.amcosName },
    { key: 'warehouse', header: t('auctionsMd.warehouse'), render: (l) => l.warehouseName },
    { key: 'grade', header: t('auctionsMd.grade'), render: (l) => l.gradeName },
    { key: 'kg', header: t('auctionsMd.netKg'), align: 'right', render: (l) => formatKg(l.netKg) },
    {
      key: 'reserve',
      header: t('auctionsMd.reserve'),
      align: 'right',
      render: (l) => formatDecimal(l.reservePrice),
    },
    { key: 'result', header: t('auctionsMd.result'), render: resultText },
    {
      key: 'price',
      header: t('auctionsMd.pricePerKg'),
      align: 'right',
      render: (l) => (l.pricePerKg ? formatDecimal(l.pricePerKg) : ''),
    },
    {
      key: 'amount',
      header: t('auctionsMd.amount'),
      align: 'right',
      render: (l) => (l.amount ? formatDecimal(l.amount) : ''),
    },
    {
      key: 'decision',
      header: t('auctionsMd.decision'),
      render: (l) =>
        l.outcome
          ? t(`auctionsMd.outcomes.${l.outcome}`)
          : l.decision
            ? t(`auctionsMd.decisionValues.${l.decision}`)
            : '',
    },
    ...(removable
      ? [
          {
            key: 'remove',
            header: '',
            render: (l: AuctionLot) => (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                loading={remove.isPending}
                onClick={() => remove.mutate([l.lotId])}
                aria-label={t('auctionsMd.removeLot', { lot: l.lotNo })}
              >
                {t('auctionsMd.remove')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Stack gap="xs">
      <Title order={4}>{t('auctionsMd.catalogue')}</Title>
      <DataTable
        label={t('auctionsMd.catalogue')}
        columns={columns}
        rows={shown.rows}
        total={shown.total}
        loading={loading}
        rowKey={(l) => l.lotId}
        list={list}
        empty={{ title: t('auctionsMd.emptyCatalogue') }}
        minWidth={900}
        testId="catalogue"
      />
    </Stack>
  );
}
