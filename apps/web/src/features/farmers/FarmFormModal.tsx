import { NumberInput, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { farmBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FarmMap } from '../../components/FarmMap.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { useForm } from '../../lib/form.ts';
import { localName } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { crops } from '../seasons/hooks.ts';
import { useAddFarm } from './hooks.ts';

/** Adds a farm to a farmer: its name, crop, size, trees and GPS point (typed or picked on the map). */
export function FarmFormModal({ farmerId, onClose }: { farmerId: string; onClose: () => void }) {
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
