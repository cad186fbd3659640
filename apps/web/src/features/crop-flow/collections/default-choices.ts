import { useEffect } from 'react';

type Choices = { seasonCropId: string; gradeId: string };

/**
 * The first open season crop, and the crop's first grade, until the clerk picks others: the online
 * weighing form's and the device's.
 */
export function useDefaultChoices(
  form: { values: Choices; setValue: (key: keyof Choices, value: string) => void },
  openCrops: readonly { id: string }[],
  grades: readonly { id: string }[],
) {
  const { values, setValue } = form;
  useEffect(() => {
    if (!values.seasonCropId && openCrops[0]) setValue('seasonCropId', openCrops[0].id);
  }, [openCrops, values.seasonCropId, setValue]);
  useEffect(() => {
    if (grades.length > 0 && !grades.some((g) => g.id === values.gradeId))
      setValue('gradeId', grades[0]?.id ?? '');
  }, [grades, values.gradeId, setValue]);
}
