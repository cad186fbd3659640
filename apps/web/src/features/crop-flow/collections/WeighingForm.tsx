import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconDeviceFloppy, IconScale } from '@tabler/icons-react';
import { type Collection, compareDecimals, recordCollectionBody } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useForm } from '../../../lib/form.ts';
import { formatKg, localName } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { societies } from '../../amcos/hooks.ts';
import { crops, seasonCrops } from '../../seasons/hooks.ts';
import { type FarmerLookup, useFarmerLookup, useRecordCollection } from './hooks.ts';
import { LastSavedReceipt } from './LastSavedReceipt.tsx';

const KG = /^\d{1,12}(\.\d{1,3})?$/;

/** Today as YYYY-MM-DD in the browser's time zone (the weighing point's). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** gross - tare as a kg string, or null while either is not a number yet. */
export function netOf(gross: string, tare: string): string | null {
  if (!KG.test(gross.trim()) || !KG.test(tare.trim())) return null;
  return dec(gross.trim()).minus(tare.trim()).toFixed(3);
}

const FIELDS = ['farmerNo', 'gradeId', 'bags', 'grossKg', 'tareKg', 'moisture'] as const;
type Field = (typeof FIELDS)[number];

/**
 * The weighing-queue form: keyboard only. Type the farmer number (the name shows as soon as it is
 * found), Enter moves field to field, Enter on moisture saves; the form then clears and the
 * cursor is back on the farmer number for the next farmer. Season crop, grade and date stay.
 */
export function WeighingForm() {
  const { t } = useTranslation();
  const { user } = useSession();
  // A clerk's placeholder is their own society's number format (issue #20), e.g. NAN02-00001.
  const society = societies.useOne(user?.amcosId ?? null);
  const farmerNoExample = society.data ? `${society.data.code}-00001` : t('collectionsMd.farmerNoExample');
  // On a phone the save's confirmation and Print sit below the fold: a toast, and the receipt on top.
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const seasonCropOptions = seasonCrops.useOptions({ status: 'active' });
  const cropOptions = crops.useOptions();
  const openCrops = useMemo(
    () => (seasonCropOptions.data ?? []).filter((s) => s.seasonStatus === 'open'),
    [seasonCropOptions.data],
  );
  const form = useForm({
    seasonCropId: '',
    collectedOn: today(),
    farmerNo: '',
    gradeId: '',
    bags: '',
    grossKg: '',
    tareKg: '',
    moisture: '',
  });
  const { values, setValue } = form;
  const seasonCrop = openCrops.find((s) => s.id === values.seasonCropId);
  const grades = cropOptions.data?.find((c) => c.id === seasonCrop?.cropId)?.grades ?? [];

  // Defaults: the open season's first crop, and its first grade; both stay from farmer to farmer.
  useEffect(() => {
    if (!values.seasonCropId && openCrops[0]) setValue('seasonCropId', openCrops[0].id);
  }, [openCrops, values.seasonCropId, setValue]);
  useEffect(() => {
    if (grades.length > 0 && !grades.some((g) => g.id === values.gradeId))
      setValue('gradeId', grades[0]?.id ?? '');
  }, [grades, values.gradeId, setValue]);

  const refs = useRef<Partial<Record<Field, HTMLInputElement | HTMLSelectElement | null>>>({});
  const focus = (field: Field) => {
    const el = refs.current[field];
    el?.focus();
    if (el instanceof HTMLInputElement) el.select();
  };
  useEffect(() => {
    refs.current.farmerNo?.focus();
  }, []);

  const [debouncedNo] = useDebouncedValue(values.farmerNo, 200);
  const lookup = useFarmerLookup(debouncedNo);
  const typed = values.farmerNo.trim().toUpperCase();
  // What is shown always belongs to the number in the box, never to the previous farmer's.
  const found: FarmerLookup =
    typed.length < 3
      ? { state: 'idle' }
      : typed !== debouncedNo.trim().toUpperCase() || (lookup.isFetching && !lookup.data)
        ? { state: 'loading' }
        : (lookup.data ?? { state: 'idle' });

  const net = netOf(values.grossKg, values.tareKg);
  const netInvalid = net !== null && compareDecimals(values.tareKg.trim(), values.grossKg.trim()) >= 0;
  const overMoisture =
    seasonCrop && /^\d{1,3}(\.\d{1,2})?$/.test(values.moisture.trim())
      ? dec(values.moisture.trim()).gt(seasonCrop.maxMoisture)
      : false;

  const [tally, setTally] = useState({ farmers: 0, kg: '0.000' });
  const [last, setLast] = useState<Collection | null>(null);
  // On a phone, the saved receipt (with Print) is brought into view above the farmer number.
  const receiptRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (last && isPhone) receiptRef.current?.scrollIntoView({ block: 'start' });
  }, [last, isPhone]);
  const record = useRecordCollection();

  const save = () => {
    form.setErrors({});
    const body = form.validate(recordCollectionBody, {
      farmerNo: values.farmerNo.trim().toUpperCase(),
      seasonCropId: values.seasonCropId,
      gradeId: values.gradeId,
      collectedOn: values.collectedOn,
      bags: values.bags.trim() === '' ? undefined : Number(values.bags),
      grossKg: values.grossKg,
      tareKg: values.tareKg,
      moisture: values.moisture,
    });
    if (!body) return;
    record.mutate(body, {
      onSuccess: (reply) => {
        setLast(reply.data);
        if (isPhone) toastSuccess(reply.message);
        setTally((s) => ({ farmers: s.farmers + 1, kg: sum([s.kg, reply.data.netKg]).toFixed(3) }));
        form.reset({ ...values, farmerNo: '', bags: '', grossKg: '', tareKg: '', moisture: '' });
        focus('farmerNo');
      },
      onError: (error) => {
        form.showApiError(error);
        const bad = error instanceof ApiError ? FIELDS.find((f) => error.fieldErrors[f]) : undefined;
        focus(bad ?? 'farmerNo');
      },
    });
  };

  const [enterRefused, setEnterRefused] = useState(false);
  /** Why Enter cannot leave the farmer number yet, or null once it names an active farmer. */
  const farmerProblem = (): string | null => {
    switch (found.state) {
      case 'found':
        return found.farmer.status === 'active'
          ? null
          : t('collectionsMd.farmerInactive', { name: `${found.farmer.firstName} ${found.farmer.lastName}` });
      case 'unknown':
        return t('collectionsMd.farmerUnknown');
      case 'other-society':
        return t('collectionsMd.farmerOtherSociety');
      case 'loading':
        return t('collectionsMd.lookingUp');
      case 'failed':
        return t('collectionsMd.lookupFailed');
      default:
        return t('collectionsMd.typeFarmerNo');
    }
  };

  /** Enter moves to the next field; on the last one it saves. An unknown farmer number keeps it. */
  const onEnter = (field: Field) => (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const problem = field === 'farmerNo' ? farmerProblem() : null;
    if (problem) {
      setEnterRefused(true);
      focus('farmerNo');
      return;
    }
    const next = FIELDS[FIELDS.indexOf(field) + 1];
    if (next) focus(next);
    else save();
  };
  const bind = (field: Field) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    onKeyDown: onEnter(field),
    ...form.text(field),
  });

  // A refused Enter shows why on the field itself, until the number names an active farmer.
  const farmerError = (enterRefused ? farmerProblem() : null) ?? form.errors.farmerNo;
  const farmerHint = (() => {
    switch (found.state) {
      case 'loading':
        return (
          <Text size="sm" c="dimmed">
            {t('collectionsMd.lookingUp')}
          </Text>
        );
      case 'found':
        return found.farmer.status === 'active' ? (
          <Text size="sm" fw={600} c="teal" data-testid="farmer-found">
            {[found.farmer.firstName, found.farmer.middleName, found.farmer.lastName]
              .filter(Boolean)
              .join(' ')}
            {user?.amcosId ? '' : ` · ${found.farmer.amcosName}`}
          </Text>
        ) : (
          <Text size="sm" c="red" data-testid="farmer-problem">
            {t('collectionsMd.farmerInactive', {
              name: `${found.farmer.firstName} ${found.farmer.lastName}`,
            })}
          </Text>
        );
      case 'unknown':
        return (
          <Text size="sm" c="red" data-testid="farmer-problem">
            {t('collectionsMd.farmerUnknown')}
          </Text>
        );
      case 'other-society':
        return (
          <Text size="sm" c="red" data-testid="farmer-problem">
            {t('collectionsMd.farmerOtherSociety')}
          </Text>
        );
      case 'failed':
        return (
          <Text size="sm" c="red">
            {t('collectionsMd.lookupFailed')}
          </Text>
        );
      default:
        return (
          <Text size="sm" c="dimmed">
            {t('collectionsMd.typeFarmerNo')}
          </Text>
        );
    }
  })();

  if (seasonCropOptions.isSuccess && openCrops.length === 0) {
    return (
      <Alert
        color="yellow"
        icon={<IconAlertCircle size={18} aria-hidden />}
        mb="lg"
        data-testid="no-open-season"
      >
        {t('collectionsMd.noOpenSeason')}
      </Alert>
    );
  }

  return (
    <Paper withBorder radius="md" p="lg" mb="lg" data-testid="weighing-form">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group gap="xs">
          <IconScale size={20} aria-hidden />
          <Title order={2} size="h4">
            {t('collectionsMd.weighTitle')}
          </Title>
        </Group>
        <Group gap="xs" data-testid="session-tally">
          <Badge variant="light" size="lg">
            {t('collectionsMd.tallyFarmers', { count: tally.farmers })}
          </Badge>
          <Badge variant="light" size="lg" color="teal">
            {formatKg(tally.kg)}
          </Badge>
        </Group>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
      >
        <Stack gap="sm">
          {last && isPhone && (
            <div ref={receiptRef} style={{ scrollMarginTop: 80 }}>
              <LastSavedReceipt collection={last} />
            </div>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={t('collectionsMd.seasonCrop')}
              required
              data={openCrops.map((s) => ({ value: s.id, label: `${s.seasonName} · ${s.cropName}` }))}
              {...form.text('seasonCropId')}
            />
            <DateField label={t('collectionsMd.date')} required {...form.text('collectedOn')} />
            <div>
              <TextInput
                label={t('collectionsMd.farmerNo')}
                required
                autoComplete="off"
                placeholder={farmerNoExample}
                data-testid="farmer-no"
                {...bind('farmerNo')}
                error={farmerError}
                onChange={(e) => {
                  setEnterRefused(false);
                  setValue('farmerNo', e.currentTarget.value.toUpperCase());
                }}
              />
              {!farmerError && (
                <div aria-live="polite" style={{ minHeight: 22, marginTop: 4 }}>
                  {farmerHint}
                </div>
              )}
            </div>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <NativeSelect
              label={t('collectionsMd.grade')}
              required
              data={grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))}
              ref={(el) => {
                refs.current.gradeId = el;
              }}
              onKeyDown={onEnter('gradeId')}
              {...form.text('gradeId')}
            />
            <TextInput label={t('collectionsMd.bags')} required inputMode="numeric" {...bind('bags')} />
            <TextInput label={t('collectionsMd.grossKg')} required inputMode="decimal" {...bind('grossKg')} />
            <TextInput label={t('collectionsMd.tareKg')} required inputMode="decimal" {...bind('tareKg')} />
            <TextInput
              label={t('collectionsMd.moisture')}
              required
              inputMode="decimal"
              description={
                seasonCrop ? t('collectionsMd.maxMoisture', { max: seasonCrop.maxMoisture }) : undefined
              }
              {...bind('moisture')}
              error={
                form.errors.moisture ??
                (overMoisture
                  ? seasonCrop?.moisturePolicy === 'flag'
                    ? undefined
                    : t('collectionsMd.tooWet')
                  : undefined)
              }
            />
            <div>
              <Text size="sm" fw={500}>
                {t('collectionsMd.netKg')}
              </Text>
              <Text
                size="xl"
                fw={700}
                c={netInvalid ? 'red' : undefined}
                data-testid="net-kg"
                aria-live="polite"
              >
                {net === null ? '—' : formatKg(net)}
              </Text>
              {overMoisture && seasonCrop?.moisturePolicy === 'flag' && (
                <Text size="xs" c="orange">
                  {t('collectionsMd.willFlag')}
                </Text>
              )}
            </div>
          </SimpleGrid>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('collectionsMd.keyboardHint')}
            </Text>
            <Button
              type="submit"
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              loading={record.isPending}
              data-testid="weighing-save"
            >
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {last && !isPhone && <LastSavedReceipt collection={last} />}
    </Paper>
  );
}
