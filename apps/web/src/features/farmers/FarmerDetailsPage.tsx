import { Anchor, Button, Grid, Paper, Stack } from '@mantine/core';
import { IconMapPin, IconPencil, IconPlus } from '@tabler/icons-react';
import type { FarmerDetail } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { FarmMap } from '../../components/FarmMap.tsx';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../components/LinesTable.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { formatDate } from '../../lib/format.ts';
import { useCan } from '../../lib/use-can.ts';
import { AttachmentsSection } from '../attachments/AttachmentsSection.tsx';
import { FarmerSeasonTabs } from '../farmer-statements/FarmerSeasonTabs.tsx';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { UssdSection } from '../ussd/UssdSection.tsx';
import { FarmerFormModal } from './FarmerFormModal.tsx';
import { FarmFormModal } from './FarmFormModal.tsx';
import { useFarmer } from './hooks.ts';

export default function FarmerDetailsRoute() {
  return (
    <RequirePermission permission="amcos.farmer.read">
      <FarmerDetailsPage />
    </RequirePermission>
  );
}

function FarmerDetailsPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname } = useLocation();
  const canUpdate = useCan('amcos.farmer.update');
  const farmer = useFarmer(id);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState(false);
  const f = farmer.data;
  if (!f) return <RecordUnavailable error={farmer.error} />;
  const list = pathname.startsWith('/collection/') ? '/collection/setting/farmers' : '/amcos/amcos-farmers';
  const points = f.farms.flatMap((farm) =>
    farm.location ? [{ id: farm.id, lat: farm.location.lat, lng: farm.location.lng, label: farm.name }] : [],
  );
  const fields: [string, string | null][] = [
    [t('fields.amcos'), `${f.amcosCode} ${f.amcosName}`],
    [t('fields.gender'), f.gender === 'Male' ? t('fields.male') : t('fields.female')],
    [t('farmersMd.dateOfBirth'), f.dateOfBirth ? formatDate(f.dateOfBirth) : null],
    [t('farmersMd.nationalId'), f.nationalId],
    [t('fields.phone'), f.phone],
    [t('fields.bank'), f.bankName],
    [t('fields.accountNo'), f.accountNo],
    [t('fields.village'), f.village],
  ];
  return (
    <DetailsLayout
      title={`${f.farmerNo} · ${[f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ')}`}
      breadcrumbs={[{ label: t('farmersMd.title'), to: list }, { label: f.farmerNo }]}
      status={f.status}
      history={{ entity: 'farmer', id: f.id }}
      actions={
        <>
          {canUpdate && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
              data-testid="farmer-edit"
            >
              {t('common.edit')}
            </Button>
          )}
          <Button
            component={Link}
            to={`${list}/${f.id}/details/coordinates`}
            variant="default"
            leftSection={<IconMapPin size={16} aria-hidden />}
          >
            {t('farmersMd.coordinates')}
          </Button>
        </>
      }
    >
      <FarmerSeasonTabs
        farmerId={f.id}
        farmerNo={f.farmerNo}
        details={
          <Stack gap="lg">
            <Grid>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Section title={t('fields.details')}>
                  <InfoGrid cols={2} items={fields} />
                </Section>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 6 }}>
                <Paper withBorder p="md" radius="md">
                  <FarmMap
                    points={points}
                    polygons={f.farms.flatMap((farm) =>
                      farm.boundary
                        ? [{ id: farm.id, label: farm.name, ring: farm.boundary.coordinates[0] ?? [] }]
                        : [],
                    )}
                    height={280}
                  />
                </Paper>
              </Grid.Col>
            </Grid>
            <FarmsSection farms={f.farms} onAdd={canUpdate ? () => setAdding(true) : undefined} />
            <UssdSection farmerId={f.id} canManage={canUpdate} />
          </Stack>
        }
        notes={
          <Stack gap="lg">
            <NotesPanel subject="farmer" id={f.id} />
            <AttachmentsSection recordType="farmer" recordId={f.id} />
          </Stack>
        }
      />
      {adding && <FarmFormModal farmerId={f.id} onClose={() => setAdding(false)} />}
      {editing && <FarmerFormModal farmer={f} onClose={() => setEditing(false)} />}
      <Anchor component={Link} to={list} size="sm" mt="md" display="block">
        {t('farmersMd.back')}
      </Anchor>
    </DetailsLayout>
  );
}

/** A farm's row: name, crop, acres, trees and its GPS point. */
function farmColumns(t: TFunction): LineColumn<FarmerDetail['farms'][number]>[] {
  return [
    { key: 'name', header: t('fields.name'), value: (farm) => farm.name },
    { key: 'crop', header: t('fields.crop'), value: (farm) => farm.cropName },
    { key: 'acres', header: t('farmersMd.acres'), value: (farm) => farm.acres },
    { key: 'trees', header: t('farmersMd.trees'), value: (farm) => farm.trees },
    {
      key: 'gps',
      header: 'GPS',
      value: (farm) => (farm.location ? `${farm.location.lat}, ${farm.location.lng}` : null),
    },
  ];
}

/** The farmer's farms: name, crop, acres, trees and GPS point. */
function FarmsSection({ farms, onAdd }: { farms: FarmerDetail['farms']; onAdd: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <Section
      title={t('farmersMd.farms')}
      actions={
        onAdd && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={onAdd}
            data-testid="add-farm"
          >
            {t('farmersMd.addFarm')}
          </Button>
        )
      }
    >
      <LinesTable
        label={t('farmersMd.farms')}
        columns={farmColumns(t)}
        lines={farms}
        lineKey={(farm) => farm.id}
        empty={{ title: t('farmersMd.noFarms') }}
        testId="farms-table"
      />
    </Section>
  );
}
