import { Group, Paper, SegmentedControl, Select, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  type CollectionSelection,
  createDeliveryNoteBody,
  type DeliveryNoteOptions,
} from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyBlock } from '../../../components/EmptyBlock.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { InlineError } from '../../../components/InlineError.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { api } from '../../../lib/api.ts';
import { useForm } from '../../../lib/form.ts';
import { formatKg, formatNumber, localName } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { crops, seasonCrops } from '../../seasons/hooks.ts';
import { deliveryNotes, usePendingCollections } from './hooks.ts';
import { PendingTable } from './PendingTable.tsx';

/** crop_dn_create (/collections/crop-DNs/create): a draft note of pending collections. */
export default function DeliveryNoteCreateRoute() {
  return (
    <RequirePermission permission="collections.delivery.create">
      <DeliveryNoteCreatePage />
    </RequirePermission>
  );
}

type Mode = CollectionSelection['mode'];

function useFormOptions() {
  return useQuery({
    queryKey: ['delivery-notes', 'options'],
    queryFn: ({ signal }) =>
      api.get<{ data: DeliveryNoteOptions }>('collections/delivery-notes/options', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}

/** Which pending collections a kg target takes: the oldest while the total stays within it (as the server does). */
function takenByTarget<T extends { netKg: string }>(pending: T[], target: string): T[] {
  let total = dec(0);
  const taken: T[] = [];
  let limit: ReturnType<typeof dec>;
  try {
    limit = dec(target);
  } catch {
    return [];
  }
  for (const c of pending) {
    if (total.plus(c.netKg).greaterThan(limit)) break;
    taken.push(c);
    total = total.plus(c.netKg);
  }
  return taken;
}

function useNoteForm(amcosId: string | null) {
  return useForm({
    amcosId,
    seasonCropId: null as string | null,
    warehouseId: null as string | null,
    transporterId: null as string | null,
    vehicleId: null as string | null,
    vehiclePlate: '',
    driverName: '',
    driverPhone: '',
    mode: 'explicit' as Mode,
    gradeId: null as string | null,
    targetKg: '',
    chosen: [] as string[],
    selection: null as null,
  });
}
type NoteForm = ReturnType<typeof useNoteForm>;
type NoteValues = NoteForm['values'];

/** The pending collections the chosen way takes: ticked, all of a grade, or up to a kg target. */
function chosenOf<T extends { id: string; gradeId: string; netKg: string }>(v: NoteValues, rows: T[]): T[] {
  const ofGrade = v.gradeId ? rows.filter((r) => r.gradeId === v.gradeId) : rows;
  if (v.mode === 'explicit') return rows.filter((r) => v.chosen.includes(r.id));
  if (v.mode === 'grade') return v.gradeId ? ofGrade : [];
  return takenByTarget(ofGrade, v.targetKg);
}

const selectionOf = (v: NoteValues): unknown =>
  v.mode === 'explicit'
    ? { mode: 'explicit', collectionIds: v.chosen }
    : v.mode === 'grade'
      ? { mode: 'grade', gradeId: v.gradeId }
      : { mode: 'target', targetKg: v.targetKg, gradeId: v.gradeId };

/** The season crop the note is for: the one chosen, else the first active one. */
function useSeasonCropId(v: NoteValues) {
  const seasonCropOptions = seasonCrops.useOptions({ status: 'active' });
  return v.seasonCropId ?? seasonCropOptions.data?.[0]?.id ?? null;
}

function DeliveryNoteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const create = deliveryNotes.useCreate();
  const form = useNoteForm(user?.amcosId ?? null);
  const v = form.values;
  const seasonCropId = useSeasonCropId(v);

  const submit = form.onSubmit(() => {
    const body = form.validate(createDeliveryNoteBody, {
      amcosId: isUnion ? v.amcosId : null,
      seasonCropId,
      warehouseId: v.warehouseId,
      transporterId: v.transporterId,
      vehicleId: v.vehicleId,
      vehiclePlate: v.vehicleId ? null : v.vehiclePlate,
      driverName: v.driverName,
      driverPhone: v.driverPhone,
      selection: selectionOf(v),
    });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (reply) => {
        toastSuccess(reply.message);
        navigate(`/collections/crop-DNs/${reply.data.id}/details`);
      },
      onError: form.showApiError,
    });
  });

  return (
    <>
      <PageHeader
        title={t('dnMd.create')}
        description={t('dnMd.createDescription')}
        breadcrumbs={[
          { label: t('dnMd.title'), to: '/collections/crop-DNs/list' },
          { label: t('dnMd.create') },
        ]}
      />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={submit}
          error={form.formError}
          submitLabel={t('dnMd.saveDraft')}
          submitting={create.isPending}
          onCancel={() => navigate('/collections/crop-DNs/list')}
          testId="dn-form"
        >
          <NoteFields form={form} isUnion={isUnion} seasonCropId={seasonCropId} />
          <CollectionsChoice form={form} seasonCropId={seasonCropId} />
        </FormLayout>
      </Paper>
    </>
  );
}

/** Society, season crop, warehouse, and the truck: transporter, vehicle (or a typed plate), driver. */
function NoteFields({
  form,
  isUnion,
  seasonCropId,
}: {
  form: NoteForm;
  isUnion: boolean;
  seasonCropId: string | null;
}) {
  const { t } = useTranslation();
  const societies = useAmcosOptions(isUnion);
  const options = useFormOptions();
  const seasonCropOptions = seasonCrops.useOptions({ status: 'active' });
  const v = form.values;
  const transporter = options.data?.transporters.find((x) => x.id === v.transporterId);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {isUnion && (
        <Select
          label={t('fields.amcos')}
          required
          searchable
          autoFocus
          data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
          {...form.control('amcosId')}
          onChange={(value) => {
            form.setValue('amcosId', value);
            form.setValue('chosen', []);
          }}
        />
      )}
      <Select
        label={t('collectionsMd.seasonCrop')}
        required
        autoFocus={!isUnion}
        data={(seasonCropOptions.data ?? []).map((s) => ({
          value: s.id,
          label: `${s.seasonName} · ${s.cropName}`,
        }))}
        value={seasonCropId}
        onChange={(value) => {
          form.setValue('seasonCropId', value);
          form.setValue('chosen', []);
        }}
        error={form.errors.seasonCropId}
      />
      <Select
        label={t('dnMd.warehouse')}
        required
        searchable
        data={(options.data?.warehouses ?? []).map((w) => ({ value: w.id, label: w.name }))}
        {...form.control('warehouseId')}
      />
      <Select
        label={t('dnMd.transporter')}
        required
        searchable
        data={(options.data?.transporters ?? []).map((x) => ({ value: x.id, label: x.name }))}
        {...form.control('transporterId')}
        onChange={(value) => {
          form.setValue('transporterId', value);
          form.setValue('vehicleId', null);
        }}
      />
      <Select
        label={t('dnMd.vehicle')}
        placeholder={t('dnMd.typePlate')}
        clearable
        data={(transporter?.vehicles ?? []).map((x) => ({ value: x.id, label: x.plateNo }))}
        {...form.control('vehicleId')}
      />
      {!v.vehicleId && (
        <TextInput label={t('dnMd.plate')} placeholder="T 123 ABC" {...form.text('vehiclePlate')} />
      )}
      <TextInput label={t('dnMd.driverName')} required {...form.text('driverName')} />
      <TextInput label={t('dnMd.driverPhone')} inputMode="tel" {...form.text('driverPhone')} />
    </SimpleGrid>
  );
}

/** Which pending collections go on the note: ticked one by one, all of a grade, or up to a kg target. */
function CollectionsChoice({ form, seasonCropId }: { form: NoteForm; seasonCropId: string | null }) {
  const { t } = useTranslation();
  const v = form.values;
  const seasonCropOptions = seasonCrops.useOptions({ status: 'active' });
  const cropOptions = crops.useOptions();
  const pending = usePendingCollections(v.amcosId, seasonCropId, Boolean(v.amcosId));
  const cropId = seasonCropOptions.data?.find((s) => s.id === seasonCropId)?.cropId;
  const grades = cropOptions.data?.find((c) => c.id === cropId)?.grades ?? [];
  const rows = pending.data ?? [];
  const chosenRows = chosenOf(v, rows);
  const chosenKg = sum(chosenRows.map((r) => r.netKg)).toFixed(3);
  const chosenBags = chosenRows.reduce((n, r) => n + r.bags, 0);
  return (
    <>
      <Title order={2} size="h5">
        {t('dnMd.collections')}
      </Title>
      <Group gap="md" align="end" wrap="wrap">
        <SegmentedControl
          aria-label={t('dnMd.chooseBy')}
          data={[
            { value: 'explicit', label: t('dnMd.mode.explicit') },
            { value: 'grade', label: t('dnMd.mode.grade') },
            { value: 'target', label: t('dnMd.mode.target') },
          ]}
          value={v.mode}
          onChange={(value) => form.setValue('mode', value as Mode)}
          data-testid="dn-mode"
        />
        {v.mode !== 'explicit' && (
          <Select
            label={t('collectionsMd.grade')}
            required={v.mode === 'grade'}
            clearable={v.mode === 'target'}
            w={200}
            data={grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))}
            {...form.control('gradeId')}
          />
        )}
        {v.mode === 'target' && (
          <TextInput
            label={t('dnMd.targetKg')}
            required
            inputMode="decimal"
            w={160}
            {...form.text('targetKg')}
          />
        )}
      </Group>
      <InlineError error={form.errors.selection} />
      <Text size="sm" data-testid="dn-chosen">
        {t('dnMd.chosen', {
          count: chosenRows.length,
          bags: formatNumber(chosenBags),
          kg: formatKg(chosenKg),
        })}
      </Text>
      {!v.amcosId ? (
        <Text c="dimmed" size="sm">
          {t('dnMd.chooseAmcosFirst')}
        </Text>
      ) : rows.length === 0 && !pending.isLoading ? (
        <EmptyBlock icon={IconPackageOff} title={t('dnMd.noPending')} />
      ) : (
        <PendingTable
          rows={rows}
          chosen={new Set(chosenRows.map((c) => c.id))}
          pickable={v.mode === 'explicit'}
          onChange={(ids) => form.setValue('chosen', ids)}
        />
      )}
    </>
  );
}
