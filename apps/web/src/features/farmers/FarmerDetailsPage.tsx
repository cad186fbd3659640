import {
  Anchor,
  Button,
  Grid,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMapPin, IconPencil, IconPlus } from '@tabler/icons-react';
import { farmBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { FarmMap } from '../../components/FarmMap.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate, localName } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/use-can.ts';
import { AttachmentsSection } from '../attachments/AttachmentsSection.tsx';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { crops } from '../seasons/hooks.ts';
import { FarmerFormModal } from './FarmerFormModal.tsx';
import { useAddFarm, useFarmer } from './hooks.ts';

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
      <Section
        title={t('farmersMd.farms')}
        actions={
          canUpdate && (
            <Button
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setAdding(true)}
              data-testid="add-farm"
            >
              {t('farmersMd.addFarm')}
            </Button>
          )
        }
      >
        <Table data-testid="farms-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('fields.crop')}</Table.Th>
              <Table.Th>{t('farmersMd.acres')}</Table.Th>
              <Table.Th>{t('farmersMd.trees')}</Table.Th>
              <Table.Th>GPS</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {f.farms.map((farm) => (
              <Table.Tr key={farm.id}>
                <Table.Td>{farm.name}</Table.Td>
                <Table.Td>{farm.cropName ?? '—'}</Table.Td>
                <Table.Td>{farm.acres}</Table.Td>
                <Table.Td>{farm.trees ?? '—'}</Table.Td>
                <Table.Td>{farm.location ? `${farm.location.lat}, ${farm.location.lng}` : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {f.farms.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('farmersMd.noFarms')}
          </Text>
        )}
      </Section>
      {adding && <FarmFormModal farmerId={f.id} onClose={() => setAdding(false)} />}
      {editing && <FarmerFormModal farmer={f} onClose={() => setEditing(false)} />}
      <Anchor component={Link} to={list} size="sm" mt="md" display="block">
        {t('farmersMd.back')}
      </Anchor>
      <NotesPanel subject="farmer" id={f.id} />
      <AttachmentsSection recordType="farmer" recordId={f.id} />
    </DetailsLayout>
  );
}

function FarmFormModal({ farmerId, onClose }: { farmerId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const cropOptions = crops.useOptions();
  const add = useAddFarm(farmerId);
  const form = useForm({
    name: '',
    cropId: null as string | null,
    acres: '',
    trees: '' as number | string,
    lat: '' as number | string,
    lng: '' as number | string,
  });
  const submit = form.onSubmit(() => {
    const { lat, lng, trees, ...rest } = form.values;
    const body = form.validate(farmBody, {
      ...rest,
      trees: trees === '' ? null : Number(trees),
      location: lat === '' || lng === '' ? null : { lat: Number(lat), lng: Number(lng) },
    });
    if (!body) return;
    add.mutate(body, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    });
  });
  const point =
    form.values.lat !== '' && form.values.lng !== ''
      ? [{ id: 'new', lat: Number(form.values.lat), lng: Number(form.values.lng), label: form.values.name }]
      : [];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('farmersMd.addFarm')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={add.isPending}
      testId="farm-form"
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
        <Select
          label={t('fields.crop')}
          clearable
          data={(cropOptions.data ?? []).map((c) => ({ value: c.id, label: localName(c) }))}
          {...form.control('cropId')}
        />
        <TextInput label={t('farmersMd.acres')} required {...form.text('acres')} />
        <NumberInput label={t('farmersMd.trees')} min={0} {...form.control('trees')} />
        <NumberInput
          label={t('fields.latitude')}
          decimalScale={6}
          {...form.control('lat')}
          error={form.errors.lat}
        />
        <NumberInput label={t('fields.longitude')} decimalScale={6} {...form.control('lng')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('map.pickHint')}
      </Text>
      <FarmMap
        points={point}
        height={220}
        onPick={(p) => {
          form.setValue('lat', p.lat);
          form.setValue('lng', p.lng);
        }}
        testId="farm-form-map"
      />
    </FormModal>
  );
}
