import { Alert, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FarmerOption, RecordCollectionBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { localName } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useEnterChain } from '../../../lib/use-enter-chain.ts';
import { useMedia } from '../../../lib/use-media.ts';
import { societies } from '../../amcos/hooks.ts';
import { FarmerNumberField } from './FarmerNumberField.tsx';
import { useRecordCollection } from './hooks.ts';
import { LastSavedReceipt, ReceiptInView } from './LastSavedReceipt.tsx';
import {
  useWeighingChoices,
  useWeighingForm,
  WEIGHING_FIELDS,
  type WeighingField,
} from './use-weighing-form.ts';
import { useWeighingSession } from './use-weighing-session.ts';
import {
  MoistureField,
  NetKgReading,
  NoOpenSeason,
  WeighingHeader,
  WeighingSaveBar,
} from './WeighingParts.tsx';

/**
 * The weighing-queue form: keyboard only. Type the farmer's number, name or phone, Enter picks the
 * only match (the name shows under it) and moves on, Enter moves field to field, Enter on moisture
 * saves; the form then clears and the cursor is back on the farmer for the next one, with no
 * message (the farmer is checked on saving, not when the box is emptied). Season crop, grade and
 * date stay.
 *
 * Its stages are reusable apart: the weighing's state and validation (`useWeighingForm`), finding
 * the farmer (the one `FarmerPicker`), the Enter chain, the session's tally (`useWeighingSession`), and
 * the save (`useRecordCollection`), which is the only part that knows the API.
 */
export function WeighingForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  // A clerk's placeholder is their own society's number format (issue #20), e.g. NAN02-00001.
  const society = societies.useOne(user?.amcosId ?? null);
  // On a phone the save's confirmation and Print sit below the fold: a toast, and the receipt on top.
  const isPhone = useMedia('(max-width: 48em)');
  const choices = useWeighingChoices();
  const weighing = useWeighingForm(choices.openCrops, choices.crops);
  const { form } = weighing;
  // The farmer picked; the weighing keeps their number (a save clears it, and so the choice).
  const [picked, setPicked] = useState<FarmerOption | null>(null);
  const farmer = picked && picked.farmerNo === form.values.farmerNo ? picked : null;
  const session = useWeighingSession();
  const record = useRecordCollection();

  const chain = useEnterChain(WEIGHING_FIELDS, { onLast: () => save() });
  const send = (body: RecordCollectionBody) =>
    record.mutate(body, {
      onSuccess: (reply) => {
        session.saved(reply.data);
        if (isPhone) toastSuccess(reply.message);
        weighing.nextFarmer();
        chain.focus('farmerNo');
      },
      onError: (error) => {
        form.showApiError(error);
        const bad = error instanceof ApiError ? WEIGHING_FIELDS.find((f) => error.fieldErrors[f]) : undefined;
        chain.focus(bad ?? 'farmerNo');
      },
    });
  const save = () => {
    const body = weighing.toBody();
    if (body) send(body);
  };
  const field = (name: Exclude<WeighingField, 'farmerNo'>) => ({
    ...chain.bind(name),
    ...form.text(name),
  });

  if (choices.noOpenSeason) return <NoOpenSeason />;
  return (
    <Paper withBorder radius="md" p="lg" mb="lg" data-testid="weighing-form">
      <WeighingHeader tally={session.tally} />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <Stack gap="sm">
          {session.last && isPhone && <ReceiptInView key={session.last.id} collection={session.last} />}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={t('collectionsMd.seasonCrop')}
              required
              data={choices.openCrops.map((s) => ({ value: s.id, label: `${s.seasonName} · ${s.cropName}` }))}
              {...form.text('seasonCropId')}
            />
            <DateField label={t('collectionsMd.date')} required {...form.text('collectedOn')} />
            <FarmerNumberField
              value={farmer}
              onChange={(chosen) => {
                setPicked(chosen);
                form.setValue('farmerNo', chosen?.farmerNo ?? '');
              }}
              onPicked={() => chain.focus('gradeId')}
              error={form.errors.farmerNo}
              placeholder={society.data ? `${society.data.code}-00001` : t('collectionsMd.farmerNoExample')}
              showSociety={!user?.amcosId}
              chain={chain.bind('farmerNo')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <NativeSelect
              label={t('collectionsMd.grade')}
              required
              data={weighing.grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))}
              {...field('gradeId')}
            />
            <TextInput label={t('collectionsMd.bags')} required inputMode="numeric" {...field('bags')} />
            <TextInput
              label={t('collectionsMd.grossKg')}
              required
              inputMode="decimal"
              {...field('grossKg')}
            />
            <TextInput label={t('collectionsMd.tareKg')} required inputMode="decimal" {...field('tareKg')} />
            <MoistureField
              maxMoisture={weighing.seasonCrop?.maxMoisture}
              verdict={weighing.moisture}
              {...field('moisture')}
            />
            <NetKgReading net={weighing.net} verdict={weighing.moisture} />
          </SimpleGrid>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <WeighingSaveBar saving={record.isPending} />
        </Stack>
      </form>
      {session.last && !isPhone && <LastSavedReceipt collection={session.last} />}
    </Paper>
  );
}
