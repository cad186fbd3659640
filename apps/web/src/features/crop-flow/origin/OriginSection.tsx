import { Alert, Badge, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconMapPin } from '@tabler/icons-react';
import type { Origin, OriginFarm } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FarmMap, type MapPoint, type MapPolygon } from '../../../components/FarmMap.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatKg } from '../../../lib/format.ts';
import { downloadGeolocation, type OriginSource, useOrigin } from './hooks.ts';

type Farm = OriginFarm;

const place = (f: Farm) => [f.village, f.ward, f.district].filter(Boolean).join(', ') || '—';

function farmColumns(t: TFunction): LineColumn<Farm>[] {
  return [
    { key: 'farmer', header: t('originMd.farmer'), value: (f) => `${f.farmerNo} · ${f.producerName}` },
    { key: 'farm', header: t('originMd.farm'), value: (f) => f.farmName },
    { key: 'place', header: t('originMd.place'), value: place },
    { key: 'declared', header: t('originMd.declaredHa'), align: 'right', value: (f) => f.declaredHa },
    { key: 'measured', header: t('originMd.measuredHa'), align: 'right', value: (f) => f.measuredHa ?? '—' },
    {
      key: 'geometry',
      header: t('originMd.geometry'),
      value: (f) => t(`originMd.geometryKind.${f.geometry}`),
    },
    {
      key: 'check',
      header: t('originMd.check'),
      testId: 'origin-farm-check',
      render: (f) =>
        f.issues.length === 0 ? (
          <Badge color="green" variant="light">
            {t('originMd.ok')}
          </Badge>
        ) : (
          <Group gap={4}>
            {f.issues.map((i) => (
              <Badge key={i.code} color={i.blocking ? 'red' : 'yellow'} variant="light">
                {t(`originMd.issueShort.${i.code}`)}
              </Badge>
            ))}
          </Group>
        ),
    },
  ];
}

function noteColumns(t: TFunction): LineColumn<Origin['deliveryNotes'][number]>[] {
  return [
    { key: 'dnNo', header: t('originMd.dnNo'), value: (n) => n.dnNo },
    { key: 'lotNo', header: t('originMd.lotNo'), value: (n) => n.lotNo },
    { key: 'vehicle', header: t('originMd.vehicle'), value: (n) => `${n.vehiclePlate} · ${n.driverName}` },
    { key: 'dispatched', header: t('originMd.dispatched'), value: (n) => formatDate(n.dispatchedAt) },
    { key: 'received', header: t('originMd.received'), value: (n) => formatDate(n.receivedAt) },
    { key: 'kg', header: t('originMd.netKg'), kind: 'kg', value: (n) => n.netKg },
  ];
}

function collectionColumns(t: TFunction): LineColumn<Origin['collections'][number]>[] {
  return [
    { key: 'receiptNo', header: t('originMd.receiptNo'), value: (c) => c.receiptNo },
    { key: 'date', header: t('originMd.collectedOn'), value: (c) => formatDate(c.collectedOn) },
    { key: 'farmer', header: t('originMd.farmer'), value: (c) => `${c.farmerNo} · ${c.farmerName}` },
    { key: 'grade', header: t('originMd.grade'), value: (c) => c.gradeName },
    { key: 'kg', header: t('originMd.netKg'), kind: 'kg', value: (c) => c.netKg },
    { key: 'dnNo', header: t('originMd.dnNo'), value: (c) => c.dnNo },
  ];
}

/** The farms on the map: polygons where there is one, the point otherwise. */
function mapShapes(farms: Farm[]): { points: MapPoint[]; polygons: MapPolygon[] } {
  const points: MapPoint[] = [];
  const polygons: MapPolygon[] = [];
  for (const f of farms) {
    const label = `${f.producerName} · ${f.farmName}`;
    const ring = f.boundary?.coordinates[0];
    if (f.geometry === 'polygon' && ring) polygons.push({ id: f.id, ring, label });
    else if (f.location) points.push({ id: f.id, lat: f.location.lat, lng: f.location.lng, label });
  }
  return { points, polygons };
}

/** What each farm's checks found, blocking first; the file is refused until the blocking are fixed. */
function Validation({ origin }: { origin: Origin }) {
  const { t } = useTranslation();
  const problems = origin.farms
    .flatMap((f) => f.issues.map((i) => ({ farm: f, issue: i })))
    .sort((a, b) => Number(b.issue.blocking) - Number(a.issue.blocking));
  const blocked = origin.summary.blocking > 0;
  if (problems.length === 0) {
    return (
      <Alert color="green" icon={<IconCircleCheck aria-hidden />} data-testid="origin-validation">
        {t('originMd.allValid', { count: origin.farms.length })}
      </Alert>
    );
  }
  return (
    <Alert
      color={blocked ? 'red' : 'yellow'}
      icon={<IconAlertTriangle aria-hidden />}
      title={blocked ? t('originMd.blocked', { count: origin.summary.blocking }) : t('originMd.warningsOnly')}
      data-testid="origin-validation"
    >
      <List size="sm" spacing={2}>
        {problems.map(({ farm, issue }) => (
          <List.Item key={`${farm.id}-${issue.code}`} data-testid="origin-issue" data-code={issue.code}>
            <Text span fw={600} size="sm">
              {farm.producerName} · {farm.farmName}:
            </Text>{' '}
            {t(`originMd.issue.${issue.code}`, { detail: issue.detail })}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function OriginBody({ source, origin }: { source: OriginSource; origin: Origin }) {
  const { t } = useTranslation();
  const shapes = useMemo(() => mapShapes(origin.farms), [origin.farms]);
  const blocked = origin.summary.blocking > 0;
  const s = origin.summary;
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="origin-summary">
        {t('originMd.summary', {
          farmers: s.farmers,
          farms: s.farms,
          collections: s.collections,
          kg: formatKg(s.collectedKg),
        })}
      </Text>
      <Validation origin={origin} />
      <Group gap="xs">
        <Button
          variant={blocked ? 'default' : 'filled'}
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void downloadGeolocation(source, 'geojson', blocked)}
          data-testid="origin-geojson"
        >
          {blocked ? t('originMd.downloadDraft') : t('originMd.downloadGeojson')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          onClick={() => void downloadGeolocation(source, 'csv', false)}
          data-testid="origin-csv"
        >
          {t('originMd.downloadCsv')}
        </Button>
      </Group>
      <FarmMap points={shapes.points} polygons={shapes.polygons} height={320} testId="origin-map" />
      <Title order={3} size="h5">
        {t('originMd.farms')}
      </Title>
      <LinesTable
        label={t('originMd.farms')}
        columns={farmColumns(t)}
        lines={origin.farms}
        lineKey={(f) => f.id}
        minWidth={760}
        testId="origin-farms"
      />
      <Title order={3} size="h5">
        {t('originMd.deliveryNotes')}
      </Title>
      <LinesTable
        label={t('originMd.deliveryNotes')}
        columns={noteColumns(t)}
        lines={origin.deliveryNotes}
        lineKey={(n) => `${n.id}-${n.lotNo}`}
        minWidth={640}
        testId="origin-notes"
      />
      <Title order={3} size="h5">
        {t('originMd.collections')}
      </Title>
      <LinesTable
        label={t('originMd.collections')}
        columns={collectionColumns(t)}
        lines={origin.collections}
        lineKey={(c) => c.id}
        minWidth={640}
        testId="origin-collections"
      />
    </Stack>
  );
}

/**
 * "Origin" on a lot, an invoice or a release note (#33): which farms the crop came from, on a map
 * and in tables, each farm checked for the EU deforestation regulation's geolocation file, with the
 * file and its CSV to download. Read only when opened (the map and the farms are not small).
 */
export function OriginSection({ source }: { source: OriginSource }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const origin = useOrigin(source, opened);
  return (
    <Section
      title={t('originMd.title')}
      mt="lg"
      data-testid="origin-section"
      actions={
        !opened && (
          <Button
            variant="light"
            leftSection={<IconMapPin size={16} aria-hidden />}
            onClick={() => setOpened(true)}
            data-testid="origin-open"
          >
            {t('originMd.show')}
          </Button>
        )
      }
    >
      {!opened ? (
        <Text size="sm" c="dimmed">
          {t('originMd.hint')}
        </Text>
      ) : origin.data ? (
        <OriginBody source={source} origin={origin.data} />
      ) : (
        <Text size="sm" c="dimmed">
          {origin.error ? t('originMd.failed') : t('originMd.loading')}
        </Text>
      )}
    </Section>
  );
}
