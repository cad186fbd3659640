import { Anchor, Button, Checkbox, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconStack2, IconTruckDelivery } from '@tabler/icons-react';
import { type AwaitingLotRow, LOT_STATUS_VALUES, type Lot } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { LinesScroll } from '../../../components/LinesTable.tsx';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { useSearchParamsPatch } from '../../../components/use-search-params-patch.ts';
import { formatDate, formatKg, formatNumber, localName } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AmcosFilter } from '../../amcos/AmcosFilter.tsx';
import { crops } from '../../seasons/hooks.ts';
import { warehouses } from '../../warehouses/hooks.ts';
import { DeliveryNotesButton } from '../DeliveryNotesButton.tsx';
import { DnStatusBadge } from '../delivery-notes/DnStatusBadge.tsx';
import { lots, useAwaitingLots } from './hooks.ts';
import { IssueLotsModal } from './IssueLotsModal.tsx';
import { LotDrawer } from './LotDrawer.tsx';
import { LotFlags } from './LotFlags.tsx';

const FILTERS = ['warehouse_id', 'amcos_id', 'grade_id', 'status'] as const;
const rowKey = (r: AwaitingLotRow) => `${r.deliveryNoteId}:${r.gradeId}`;
/** Rows that can go into the same lots: one AMCOS, season crop, warehouse and grade. */
const sameLot = (a: AwaitingLotRow, b: AwaitingLotRow) =>
  a.amcosId === b.amcosId &&
  a.seasonCropId === b.seasonCropId &&
  a.warehouseId === b.warehouseId &&
  a.gradeId === b.gradeId;

/** auction_warehouse (/collections/auction-warehouse): received notes waiting for lots, and the lots in store. */
export default function AuctionWarehouseRoute() {
  return (
    <RequirePermission permission="collections.delivery.read">
      <AuctionWarehousePage />
    </RequirePermission>
  );
}

function AuctionWarehousePage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const canIssue = useCan('collections.warehouse.update', 'union');
  const [params, patch] = useSearchParamsPatch();
  const lotId = params.get('lot');
  const openLot = (id: string | null) => patch({ lot: id });
  const stores = warehouses.useOptions({}, isUnion);
  const cropOptions = crops.useOptions();
  const grades = (cropOptions.data ?? []).flatMap((c) =>
    c.grades.map((g) => ({ value: g.id, label: `${localName(c)} · ${localName(g)}` })),
  );
  return (
    <>
      <PageHeader
        title={t('lotsMd.title')}
        description={t(isUnion ? 'lotsMd.description' : 'lotsMd.amcosDescription')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('lotsMd.title') }]}
        actions={<DeliveryNotesButton />}
      />
      {canIssue && <AwaitingLots />}
      <Title order={2} size="h4" mt="lg" mb="sm">
        {t('lotsMd.inStore')}
      </Title>
      <ResourceList<Lot>
        label={t('lotsMd.inStore')}
        resource={lots}
        testId="lots-table"
        prefix="l_"
        filterNames={FILTERS}
        emptyTitle={t('lotsMd.empty')}
        filters={(list) => (
          <Group gap="xs" wrap="wrap">
            {isUnion && (
              <>
                <ListFilter
                  list={list}
                  name="warehouse_id"
                  label={t('dnMd.warehouse')}
                  data={(stores.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
                  width={190}
                />
                <AmcosFilter list={list} width={190} />
              </>
            )}
            <ListFilter
              list={list}
              name="grade_id"
              label={t('collectionsMd.grade')}
              data={grades}
              width={170}
            />
            <StatusFilter
              list={list}
              data={LOT_STATUS_VALUES.map((s) => ({ value: s, label: t(`dnMd.status.${s}`) }))}
              width={150}
            />
          </Group>
        )}
        columns={[
          {
            key: 'whrNo',
            header: t('lotsMd.whrNo'),
            sortField: 'whrNo',
            render: (l) => (
              <Anchor component="button" type="button" onClick={() => openLot(l.id)}>
                {l.whrNo}
              </Anchor>
            ),
          },
          { key: 'lotNo', header: t('lotsMd.lotNo'), sortField: 'lotNo', render: (l) => l.lotNo },
          { key: 'warehouse', header: t('dnMd.warehouse'), render: (l) => l.warehouseName },
          { key: 'amcos', header: t('fields.amcos'), render: (l) => l.amcosName },
          { key: 'grade', header: t('collectionsMd.grade'), render: (l) => l.gradeName },
          {
            key: 'bags',
            header: t('collectionsMd.bags'),
            align: 'right',
            render: (l) => formatNumber(l.bags),
          },
          {
            key: 'netKg',
            header: t('lotsMd.netKg'),
            align: 'right',
            sortField: 'netKg',
            render: (l) => formatKg(l.netKg),
          },
          {
            key: 'collectedKg',
            header: t('lotsMd.collectedKg'),
            align: 'right',
            render: (l) => formatKg(l.collectedKg),
          },
          {
            key: 'issued',
            header: t('lotsMd.issuedAt'),
            sortField: 'issuedAt',
            render: (l) => formatDate(l.issuedAt),
          },
          {
            key: 'status',
            header: t('fields.status'),
            render: (l) => (
              <Group gap={4} wrap="nowrap">
                <DnStatusBadge status={l.status} />
                <LotFlags lot={l} />
              </Group>
            ),
          },
        ]}
      />
      {lotId && <LotDrawer id={lotId} onClose={() => openLot(null)} />}
    </>
  );
}

function AwaitingLots() {
  const { t } = useTranslation();
  const awaiting = useAwaitingLots();
  const [chosen, setChosen] = useState<string[]>([]);
  const [issuing, setIssuing] = useState(false);
  const rows = awaiting.data ?? [];
  const picked = rows.filter((r) => chosen.includes(rowKey(r)));
  const anchor = picked[0];
  return (
    <Paper withBorder p="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('lotsMd.awaiting')}
        </Title>
        <Button
          leftSection={<IconStack2 size={16} aria-hidden />}
          disabled={picked.length === 0}
          onClick={() => setIssuing(true)}
          data-testid="issue-lots"
        >
          {t('lotsMd.issue')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('lotsMd.awaitingHint')}
      </Text>
      {awaiting.isLoading ? (
        <LoadingBlock />
      ) : rows.length === 0 ? (
        <EmptyBlock icon={IconTruckDelivery} title={t('lotsMd.nothingAwaiting')} />
      ) : (
        <LinesScroll label={t('lotsMd.awaiting')} minWidth={720}>
          <Table striped data-testid="awaiting-lots">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>{t('dnMd.dnNo')}</Table.Th>
                <Table.Th>{t('fields.amcos')}</Table.Th>
                <Table.Th>{t('dnMd.warehouse')}</Table.Th>
                <Table.Th>{t('collectionsMd.grade')}</Table.Th>
                <Table.Th>{t('dnMd.receivedAt')}</Table.Th>
                <Table.Th ta="right">{t('dnMd.collectionCount')}</Table.Th>
                <Table.Th ta="right">{t('lotsMd.collectedKg')}</Table.Th>
                <Table.Th ta="right">{t('lotsMd.warehouseKgLeft')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const key = rowKey(r);
                const on = chosen.includes(key);
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${r.dnNo} ${r.gradeName}`}
                        checked={on}
                        disabled={!on && anchor !== undefined && !sameLot(anchor, r)}
                        onChange={(e) =>
                          setChosen(
                            e.currentTarget.checked ? [...chosen, key] : chosen.filter((k) => k !== key),
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/collections/crop-DNs/${r.deliveryNoteId}/details`}>
                        {r.dnNo}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{r.amcosName}</Table.Td>
                    <Table.Td>{r.warehouseName}</Table.Td>
                    <Table.Td>{r.gradeName}</Table.Td>
                    <Table.Td>{formatDate(r.receivedAt)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.collections)}</Table.Td>
                    <Table.Td ta="right">{formatKg(r.collectedKg)}</Table.Td>
                    <Table.Td ta="right">{formatKg(r.warehouseKg)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </LinesScroll>
      )}
      {issuing && (
        <IssueLotsModal
          rows={picked}
          onClose={() => {
            setIssuing(false);
            setChosen([]);
          }}
        />
      )}
    </Paper>
  );
}
