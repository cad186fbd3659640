import { ActionIcon, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import {
  type Council,
  councilKinds,
  createCouncilBody,
  createDistrictBody,
  createRegionBody,
  type District,
  type Region,
} from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FormModal } from '../../components/FormModal.tsx';
import { ListFilter } from '../../components/ListFilter.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import type { ListState } from '../../components/use-list-state.ts';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { councils, districts, regions } from './hooks.ts';

type Level = 'regions' | 'districts' | 'councils';
type Editing =
  | { level: 'regions'; row: Region | null }
  | { level: 'districts'; row: District | null }
  | { level: 'councils'; row: Council | null };

const editButton = (label: string, onClick: () => void) => (
  <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
    <IconPencil size={16} />
  </ActionIcon>
);

/** Regions > districts > councils, a tab of /cooperative/union: where the union keeps its territory. */
export function RegionsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('level');
  const [level, setLevel] = useState<Level>(
    asked === 'districts' || asked === 'councils' ? asked : 'regions',
  );
  const choose = (next: Level) => {
    setLevel(next);
    setParams({ tab: 'regions', ...(next === 'regions' ? {} : { level: next }) }, { replace: true });
  };
  const [editing, setEditing] = useState<Editing | null>(null);
  const regionOptions = regions.useOptions({ per_page: 200 });
  const regionData = (regionOptions.data ?? []).map((r) => ({ value: r.id, label: r.name }));
  const regionFilter = (list: ListState) => (
    <ListFilter
      list={list}
      name="region_id"
      label={t('regionsMd.region')}
      data={regionData}
      width={200}
      searchable
    />
  );
  // The edit column, on lists the user may change.
  const edit = canEdit ? t('common.edit') : null;
  return (
    <>
      <SegmentedControl
        mb="md"
        value={level}
        onChange={(v) => choose(v === 'districts' || v === 'councils' ? v : 'regions')}
        data={[
          { value: 'regions', label: t('regionsMd.regions') },
          { value: 'districts', label: t('regionsMd.districts') },
          { value: 'councils', label: t('regionsMd.councils') },
        ]}
        data-testid="regions-level"
      />
      {level === 'regions' && (
        <ResourceList
          label={t('regionsMd.regions')}
          resource={regions}
          testId="regions-table"
          prefix="r_"
          emptyTitle={t('regionsMd.empty')}
          createLabel={t('regionsMd.createRegion')}
          onCreate={canEdit ? () => setEditing({ level: 'regions', row: null }) : undefined}
          columns={[
            { key: 'name', header: t('fields.name'), render: (r) => r.name, sortField: 'name' },
            { key: 'code', header: t('fields.code'), render: (r) => r.code, sortField: 'code' },
            {
              key: 'districts',
              header: t('regionsMd.districts'),
              render: (r) => r.districtCount,
              align: 'right',
            },
            ...editColumn<Region>(edit, (row) => setEditing({ level: 'regions', row })),
          ]}
        />
      )}
      {level === 'districts' && (
        <ResourceList
          label={t('regionsMd.districts')}
          resource={districts}
          testId="districts-table"
          prefix="d_"
          emptyTitle={t('regionsMd.empty')}
          filterNames={['region_id']}
          filters={regionFilter}
          createLabel={t('regionsMd.createDistrict')}
          onCreate={canEdit ? () => setEditing({ level: 'districts', row: null }) : undefined}
          columns={[
            { key: 'name', header: t('fields.name'), render: (d) => d.name, sortField: 'name' },
            {
              key: 'region',
              header: t('regionsMd.region'),
              render: (d) => d.regionName,
              sortField: 'region',
            },
            ...editColumn<District>(edit, (row) => setEditing({ level: 'districts', row })),
          ]}
        />
      )}
      {level === 'councils' && (
        <ResourceList
          label={t('regionsMd.councils')}
          resource={councils}
          testId="councils-table"
          prefix="c_"
          emptyTitle={t('regionsMd.empty')}
          filterNames={['region_id']}
          filters={regionFilter}
          createLabel={t('regionsMd.createCouncil')}
          onCreate={canEdit ? () => setEditing({ level: 'councils', row: null }) : undefined}
          columns={[
            { key: 'name', header: t('fields.name'), render: (c) => c.name, sortField: 'name' },
            { key: 'kind', header: t('regionsMd.kind'), render: (c) => t(`regionsMd.kinds.${c.kind}`) },
            {
              key: 'district',
              header: t('regionsMd.district'),
              render: (c) => c.districtName,
              sortField: 'district',
            },
            {
              key: 'region',
              header: t('regionsMd.region'),
              render: (c) => c.regionName,
              sortField: 'region',
            },
            ...editColumn<Council>(edit, (row) => setEditing({ level: 'councils', row })),
          ]}
        />
      )}
      {editing && <PlaceForm editing={editing} regionData={regionData} onClose={() => setEditing(null)} />}
    </>
  );
}

function PlaceForm(props: {
  editing: Editing;
  regionData: { value: string; label: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { editing, onClose } = props;
  const row = editing.row;
  const form = useForm({
    name: row?.name ?? '',
    code: editing.level === 'regions' ? (editing.row?.code ?? '') : '',
    regionId: editing.level === 'districts' ? (editing.row?.regionId ?? null) : null,
    districtId: editing.level === 'councils' ? (editing.row?.districtId ?? null) : null,
    kind: (editing.level === 'councils' ? (editing.row?.kind ?? 'district') : 'district') as string | null,
  });
  const districtOptions = districts.useOptions({ per_page: 200 }, editing.level === 'councils');
  const mutations = {
    regions: { create: regions.useCreate(), update: regions.useUpdate() },
    districts: { create: districts.useCreate(), update: districts.useUpdate() },
    councils: { create: councils.useCreate(), update: councils.useUpdate() },
  };
  const done = {
    onSuccess: (r: { message: string }) => {
      toastSuccess(r.message);
      onClose();
    },
    onError: form.showApiError,
  };
  const submit = form.onSubmit(() => {
    const v = form.values;
    if (editing.level === 'regions') {
      const body = form.validate(createRegionBody, { name: v.name, code: v.code });
      const m = mutations.regions;
      if (body) row ? m.update.mutate({ id: row.id, body }, done) : m.create.mutate(body, done);
    } else if (editing.level === 'districts') {
      const body = form.validate(createDistrictBody, { name: v.name, regionId: v.regionId });
      const m = mutations.districts;
      if (body) row ? m.update.mutate({ id: row.id, body }, done) : m.create.mutate(body, done);
    } else {
      const body = form.validate(createCouncilBody, { name: v.name, kind: v.kind, districtId: v.districtId });
      const m = mutations.councils;
      if (body) row ? m.update.mutate({ id: row.id, body }, done) : m.create.mutate(body, done);
    }
  });
  const m = mutations[editing.level];
  const titles = {
    regions: row ? t('regionsMd.editRegion') : t('regionsMd.createRegion'),
    districts: row ? t('regionsMd.editDistrict') : t('regionsMd.createDistrict'),
    councils: row ? t('regionsMd.editCouncil') : t('regionsMd.createCouncil'),
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={titles[editing.level]}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={m.create.isPending || m.update.isPending}
      testId="place-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      {editing.level === 'regions' && <TextInput label={t('fields.code')} required {...form.text('code')} />}
      {editing.level === 'districts' && (
        <Select
          label={t('regionsMd.region')}
          required
          searchable
          data={props.regionData}
          {...form.control('regionId')}
        />
      )}
      {editing.level === 'councils' && (
        <>
          <Select
            label={t('regionsMd.kind')}
            required
            allowDeselect={false}
            data={councilKinds.map((k) => ({ value: k, label: t(`regionsMd.kinds.${k}`) }))}
            {...form.control('kind')}
          />
          <Select
            label={t('regionsMd.district')}
            required
            searchable
            data={(districtOptions.data ?? []).map((d) => ({
              value: d.id,
              label: `${d.name} (${d.regionName})`,
            }))}
            {...form.control('districtId')}
          />
        </>
      )}
    </FormModal>
  );
}

/** The pencil column of a place list, or no column where the user may not edit. */
function editColumn<T>(label: string | null, onEdit: (row: T) => void) {
  if (label === null) return [];
  return [{ key: 'edit', header: '', render: (row: T) => editButton(label, () => onEdit(row)) }];
}
