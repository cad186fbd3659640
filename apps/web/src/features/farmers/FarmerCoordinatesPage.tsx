import { Paper, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';

import { FarmMap } from '../../components/FarmMap.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useFarmer } from './hooks.ts';

export default function FarmerCoordinatesRoute() {
  return (
    <RequirePermission permission="amcos.farmer.read">
      <FarmerCoordinatesPage />
    </RequirePermission>
  );
}

/** The farmer's farms on a map: GPS points and boundaries, with the coordinates listed. */
function FarmerCoordinatesPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { pathname } = useLocation();
  const farmer = useFarmer(id);
  const f = farmer.data;
  if (!f) return <RecordUnavailable error={farmer.error} />;
  const details = pathname.replace(/\/coordinates$/, '');
  return (
    <>
      <PageHeader
        title={t('farmersMd.coordinatesOf', { no: f.farmerNo })}
        breadcrumbs={[
          { label: t('farmersMd.title') },
          { label: f.farmerNo, to: details },
          { label: t('farmersMd.coordinates') },
        ]}
      />
      <Paper withBorder p="md" radius="md">
        <FarmMap
          height={480}
          points={f.farms.flatMap((farm) =>
            farm.location
              ? [
                  {
                    id: farm.id,
                    lat: farm.location.lat,
                    lng: farm.location.lng,
                    label: `${farm.name} (${farm.acres} ac)`,
                  },
                ]
              : [],
          )}
          polygons={f.farms.flatMap((farm) =>
            farm.boundary
              ? [{ id: farm.id, label: farm.name, ring: farm.boundary.coordinates[0] ?? [] }]
              : [],
          )}
          testId="coordinates-map"
        />
      </Paper>
      <Table mt="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.latitude')}</Table.Th>
            <Table.Th>{t('fields.longitude')}</Table.Th>
            <Table.Th>{t('farmersMd.boundaryPoints')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {f.farms.map((farm) => (
            <Table.Tr key={farm.id}>
              <Table.Td>{farm.name}</Table.Td>
              <Table.Td>{farm.location?.lat ?? '—'}</Table.Td>
              <Table.Td>{farm.location?.lng ?? '—'}</Table.Td>
              <Table.Td>{farm.boundary ? (farm.boundary.coordinates[0]?.length ?? 1) - 1 : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
