import {
  type Crop,
  type RecordCollectionBody,
  recordCollectionBody,
  type SeasonCrop,
} from '@ushirika/contracts';
import { moistureVerdict, readNet, todayInTanzania } from '@ushirika/domain';
import { useMemo } from 'react';
import { useForm } from '../../../lib/form.ts';
import { crops, seasonCrops } from '../../seasons/hooks.ts';
import { useDefaultChoices } from './default-choices.ts';

/** The weighing's fields in the order Enter walks them; Enter on the last one saves. */
export const WEIGHING_FIELDS = ['farmerNo', 'gradeId', 'bags', 'grossKg', 'tareKg', 'moisture'] as const;
export type WeighingField = (typeof WEIGHING_FIELDS)[number];

const blankWeighing = () => ({
  seasonCropId: '',
  collectedOn: todayInTanzania(),
  farmerNo: '',
  gradeId: '',
  bags: '',
  grossKg: '',
  tareKg: '',
  moisture: '',
});

/** What a clerk may weigh: the season crops of open seasons, and the crops with their grades. */
export function useWeighingChoices() {
  const seasonCropOptions = seasonCrops.useOptions({ status: 'active' });
  const cropOptions = crops.useOptions();
  const openCrops = useMemo(
    () => (seasonCropOptions.data ?? []).filter((s) => s.seasonStatus === 'open'),
    [seasonCropOptions.data],
  );
  return {
    openCrops,
    crops: cropOptions.data ?? [],
    noOpenSeason: seasonCropOptions.isSuccess && openCrops.length === 0,
  };
}

/**
 * One farmer's weighing: its values and validation, whatever finds the farmer (the number typed,
 * a picker: either sets `farmerNo`) and whatever keeps the record (the API, a phone's queue).
 * Season crop and grade default to the first open one and its first grade; they, and the date,
 * stay from farmer to farmer. The net and the moisture verdict follow the figures as typed.
 */
export function useWeighingForm(openCrops: SeasonCrop[], cropList: Crop[]) {
  const form = useForm(blankWeighing());
  const { values } = form;
  const seasonCrop = openCrops.find((s) => s.id === values.seasonCropId);
  const grades = cropList.find((c) => c.id === seasonCrop?.cropId)?.grades ?? [];

  useDefaultChoices(form, openCrops, grades);

  /** The body to save, or null with the reasons on the fields. */
  const toBody = (): RecordCollectionBody | null => {
    form.setErrors({});
    return form.validate(recordCollectionBody, {
      farmerNo: values.farmerNo.trim().toUpperCase(),
      seasonCropId: values.seasonCropId,
      gradeId: values.gradeId,
      collectedOn: values.collectedOn,
      bags: values.bags.trim() === '' ? undefined : Number(values.bags),
      grossKg: values.grossKg,
      tareKg: values.tareKg,
      moisture: values.moisture,
    });
  };

  /** Clears what changes from farmer to farmer; season crop, date and grade stay. */
  const nextFarmer = () =>
    form.reset({ ...values, farmerNo: '', bags: '', grossKg: '', tareKg: '', moisture: '' });

  return {
    form,
    seasonCrop,
    grades,
    net: readNet(values.grossKg, values.tareKg),
    moisture: seasonCrop
      ? moistureVerdict(values.moisture, seasonCrop.maxMoisture, seasonCrop.moisturePolicy)
      : 'ok',
    toBody,
    nextFarmer,
  };
}

export type WeighingFormState = ReturnType<typeof useWeighingForm>;
