import { Anchor, Badge, Group } from '@mantine/core';
import type { Collection } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/DataTable.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, formatKg, formatNumber, localName } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { AmcosFilter } from '../../amcos/AmcosFilter.tsx';
import { crops, seasonCrops } from '../../seasons/hooks.ts';
import { COLLECTION_STATUSES, CollectionStatusBadge } from './CollectionStatusBadge.tsx';
import { collections } from './hooks.ts';

const FILTERS = ['amcos_id', 'season_crop_id', 'grade_id', 'status', 'from', 'to'] as const;

/**
 * Collections with search (receipt no, farmer no or name), filters (AMCOS for union staff,
 * season crop, grade, status, date range), sort and export. `amcosId` fixes the society.
 */
export function CollectionsTable({ amcosId, prefix }: { amcosId?: string; prefix?: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const seasonCropOptions = seasonCrops.useOptions();
  const cropOptions = crops.useOptions();
  const grades = (cropOptions.data ?? []).flatMap((c) =>
    c.grades.map((g) => ({ value: g.id, label: `${localName(c)} · ${g.code}` })),
  );
  return (
    <ResourceList<Collection>
      label={t('collectionsMd.listTitle')}
      resource={collections}
      testId="collections-table"
      prefix={prefix}
      scope={amcosId ? { amcos_id: amcosId } : undefined}
      filterNames={FILTERS}
      emptyTitle={t('collectionsMd.empty')}
      filters={(list) => (
        <Group gap="xs" wrap="wrap">
          {isUnion && !amcosId && <AmcosFilter list={list} testId="filter-amcos" />}
          <ListFilter
            list={list}
            name="season_crop_id"
            label={t('collectionsMd.seasonCrop')}
            data={(seasonCropOptions.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.seasonName} · ${s.cropName}`,
            }))}
            width={190}
          />
          <ListFilter
            list={list}
            name="grade_id"
            label={t('collectionsMd.grade')}
            data={grades}
            width={160}
          />
          <StatusFilter
            list={list}
            data={COLLECTION_STATUSES.map((s) => ({ value: s, label: t(`collectionsMd.status.${s}`) }))}
            width={150}
          />
          <DateField
            aria-label={t('collectionsMd.from')}
            title={t('collectionsMd.from')}
            w={150}
            value={list.filters.from ?? ''}
            onChange={(e) => list.setFilter('from', e.currentTarget.value || null)}
          />
          <DateField
            aria-label={t('collectionsMd.to')}
            title={t('collectionsMd.to')}
            w={150}
            value={list.filters.to ?? ''}
            onChange={(e) => list.setFilter('to', e.currentTarget.value || null)}
          />
        </Group>
      )}
      columns={collectionColumns(t, isUnion && !amcosId)}
    />
  );
}

/** The list's columns; the society's code where the list spans societies. */
const collectionColumns = (t: TFunction, withAmcos: boolean): Column<Collection>[] => [
  {
    key: 'receipt',
    header: t('collectionsMd.receiptNo'),
    sortField: 'receipt_no',
    render: (c) => (
      <Anchor component={Link} to={`/collections/receips/${c.id}/receips`} size="sm">
        {c.receiptNo}
      </Anchor>
    ),
  },
  {
    key: 'date',
    header: t('collectionsMd.date'),
    sortField: 'collected_on',
    render: (c) => formatDate(c.collectedOn),
  },
  ...(withAmcos ? [{ key: 'amcos', header: t('fields.amcos'), render: (c: Collection) => c.amcosCode }] : []),
  {
    key: 'farmer',
    header: t('collectionsMd.farmer'),
    sortField: 'farmer',
    render: (c) => `${c.farmerNo} · ${c.farmerName}`,
  },
  { key: 'grade', header: t('collectionsMd.grade'), render: (c) => c.gradeCode },
  {
    key: 'bags',
    header: t('collectionsMd.bags'),
    align: 'right',
    sortField: 'bags',
    render: (c) => formatNumber(c.bags),
  },
  {
    key: 'net',
    header: t('collectionsMd.netKg'),
    align: 'right',
    sortField: 'net_kg',
    render: (c) => formatKg(c.netKg),
  },
  {
    key: 'moisture',
    header: t('collectionsMd.moisture'),
    align: 'right',
    render: (c) =>
      c.moistureFlagged ? (
        <Badge color="orange" variant="light">
          {c.moisture} %
        </Badge>
      ) : (
        `${c.moisture} %`
      ),
  },
  {
    key: 'status',
    header: t('fields.status'),
    sortField: 'status',
    render: (c) => <CollectionStatusBadge status={c.status} />,
  },
];
