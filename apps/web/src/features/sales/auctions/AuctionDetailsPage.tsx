import { Anchor, Button, Group, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { AuctionDetail, AuctionLot } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDecimal, formatKg, formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { seasonCrops } from '../../seasons/hooks.ts';
import { AuctionStatus } from './AuctionStatus.tsx';
import { CatalogueBuilder } from './CatalogueBuilder.tsx';
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
          onClick={() => publish.mutate()}
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
  const resultText = (l: AuctionLot) =>
    l.result === null
      ? '—'
      : l.result === 'bid'
        ? (l.buyerName ?? '')
        : t(`auctionsMd.resultValues.${l.result}`);
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="sm">
        {t('auctionsMd.catalogue')}
      </Title>
      {loading ? (
        <LoadingBlock />
      ) : lots.length === 0 ? (
        <EmptyBlock icon={IconInbox} title={t('auctionsMd.emptyCatalogue')} />
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="catalogue">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('auctionsMd.lotNo')}</Table.Th>
                <Table.Th>{t('auctionsMd.whrNo')}</Table.Th>
                <Table.Th>{t('fields.amcos')}</Table.Th>
                <Table.Th>{t('auctionsMd.warehouse')}</Table.Th>
                <Table.Th>{t('auctionsMd.grade')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.netKg')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.reserve')}</Table.Th>
                <Table.Th>{t('auctionsMd.result')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.pricePerKg')}</Table.Th>
                <Table.Th ta="right">{t('auctionsMd.amount')}</Table.Th>
                <Table.Th>{t('auctionsMd.decision')}</Table.Th>
                {removable && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lots.map((l) => (
                <Table.Tr key={l.lotId} data-testid={`catalogue-row-${l.lotNo}`}>
                  <Table.Td>{l.lotNo}</Table.Td>
                  <Table.Td>{l.whrNo}</Table.Td>
                  <Table.Td>{l.amcosName}</Table.Td>
                  <Table.Td>{l.warehouseName}</Table.Td>
                  <Table.Td>{l.gradeName}</Table.Td>
                  <Table.Td ta="right">{formatKg(l.netKg)}</Table.Td>
                  <Table.Td ta="right">{formatDecimal(l.reservePrice)}</Table.Td>
                  <Table.Td>{resultText(l)}</Table.Td>
                  <Table.Td ta="right">{l.pricePerKg ? formatDecimal(l.pricePerKg) : ''}</Table.Td>
                  <Table.Td ta="right">{l.amount ? formatDecimal(l.amount) : ''}</Table.Td>
                  <Table.Td>
                    {l.outcome
                      ? t(`auctionsMd.outcomes.${l.outcome}`)
                      : l.decision
                        ? t(`auctionsMd.decisionValues.${l.decision}`)
                        : ''}
                  </Table.Td>
                  {removable && (
                    <Table.Td>
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
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
