import { Anchor, Select, TextInput } from '@mantine/core';
import { createSeasonCropBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordFormModal } from '../../components/RecordFormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { formatMoney, localName } from '../../lib/format.ts';
import { crops, seasonCrops, seasons } from './hooks.ts';

export default function SeasonCropsRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <PageHeaderBlock />
      <SeasonCropsTable />
    </RequirePermission>
  );
}

function PageHeaderBlock() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('seasonCropsMd.title')}
      description={t('seasonCropsMd.description')}
      breadcrumbs={[{ label: t('menu.settings') }, { label: t('seasonCropsMd.title') }]}
    />
  );
}

/** Season crops, optionally of one season (its details page). */
export function SeasonCropsTable({ seasonId }: { seasonId?: string }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList
        label={t('seasonCropsMd.title')}
        resource={seasonCrops}
        testId="season-crops-table"
        scope={seasonId ? { season_id: seasonId } : undefined}
        emptyTitle={t('seasonCropsMd.empty')}
        onCreate={() => setCreating(true)}
        createLabel={t('seasonCropsMd.create')}
        columns={[
          { key: 'season', header: t('fields.season'), sortField: 'season', render: (s) => s.seasonName },
          { key: 'crop', header: t('fields.crop'), sortField: 'crop', render: (s) => s.cropName },
          {
            key: 'price',
            header: t('seasonCropsMd.price'),
            align: 'right',
            sortField: 'indicative_price',
            render: (s) => formatMoney(s.indicativePrice),
          },
          {
            key: 'bag',
            header: t('seasonCropsMd.bag'),
            align: 'right',
            render: (s) => `${s.standardBagKg} kg`,
          },
          {
            key: 'moisture',
            header: t('seasonCropsMd.moisture'),
            align: 'right',
            render: (s) => `${s.maxMoisture} %`,
          },
          {
            key: 'moisturePolicy',
            header: t('collectionsMd.moisturePolicy'),
            render: (s) => t(`collectionsMd.policy.${s.moisturePolicy}`),
          },
          {
            key: 'rules',
            header: t('seasonCropsMd.rules'),
            render: (s) => (
              <Anchor component={Link} to={`/collections/deductions?season_crop=${s.id}`}>
                {t('seasonCropsMd.ruleCount', { count: s.ruleCount })}
              </Anchor>
            ),
          },
          { key: 'status', header: t('fields.status'), render: (s) => <StatusBadge status={s.status} /> },
        ]}
      />
      {creating && <SeasonCropForm seasonId={seasonId} onClose={() => setCreating(false)} />}
    </>
  );
}

function SeasonCropForm({ seasonId, onClose }: { seasonId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const seasonOptions = seasons.useOptions();
  const cropOptions = crops.useOptions();
  const form = useForm({
    seasonId: seasonId ?? (null as string | null),
    cropId: null as string | null,
    indicativePrice: '',
    standardBagKg: '',
    maxMoisture: '',
    moisturePolicy: 'refuse' as 'refuse' | 'flag',
  });
  const save = seasonCrops.useSave({ onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={t('seasonCropsMd.create')}
      form={form}
      save={save}
      body={() => form.validate(createSeasonCropBody)}
      onClose={onClose}
      testId="season-crop-form"
    >
      <Select
        label={t('fields.season')}
        required
        data={(seasonOptions.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
        {...form.control('seasonId')}
      />
      <Select
        label={t('fields.crop')}
        required
        data={(cropOptions.data ?? []).map((c) => ({ value: c.id, label: localName(c) }))}
        {...form.control('cropId')}
      />
      <TextInput label={t('seasonCropsMd.price')} required {...form.text('indicativePrice')} />
      <TextInput label={t('seasonCropsMd.bag')} required {...form.text('standardBagKg')} />
      <TextInput label={t('seasonCropsMd.moisture')} required {...form.text('maxMoisture')} />
      <Select
        label={t('collectionsMd.moisturePolicy')}
        required
        allowDeselect={false}
        data={(['refuse', 'flag'] as const).map((p) => ({ value: p, label: t(`collectionsMd.policy.${p}`) }))}
        value={form.values.moisturePolicy}
        onChange={(v) => form.setValue('moisturePolicy', v === 'flag' ? 'flag' : 'refuse')}
        data-testid="moisture-policy"
      />
    </RecordFormModal>
  );
}
