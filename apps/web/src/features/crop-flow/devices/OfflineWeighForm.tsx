import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { offlineReceiptInput, type PackFarmer, type WeighingLimits } from '@ushirika/contracts';
import { moistureVerdict, readNet } from '@ushirika/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ulid } from 'ulid';
import { DateField } from '../../../components/DateField.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatKg, localName, todayIso } from '../../../lib/format.ts';
import { fullName, useSession } from '../../../lib/session.ts';
import { useEnterChain } from '../../../lib/use-enter-chain.ts';
import { MoistureField, NetKgReading } from '../collections/WeighingParts.tsx';
import { packFarmerName, searchFarmers } from './farmer-search.ts';
import { NoNumbersLeft, type QueuedReceipt } from './offline-store.ts';
import type { OfflineDevice } from './use-offline-device.ts';

const FIELDS = ['farmer', 'gradeId', 'bags', 'grossKg', 'tareKg', 'moisture'] as const;
const draftSchema = offlineReceiptInput.omit({ receiptNo: true });

/**
 * Weighing with no network (#29): the same keyboard flow as online (Enter picks the farmer and
 * walks the fields, Enter on moisture saves) over the society's pack kept on the device. The
 * receipt, with its number from the device's block, is written to the device before it is shown.
 */
export function OfflineWeighForm({
  device,
  onSaved,
}: {
  device: OfflineDevice;
  onSaved: (r: QueuedReceipt) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const pack = device.pack;
  const openCrops = useMemo(
    () => (pack?.seasonCrops ?? []).filter((s) => s.seasonStatus === 'open' && s.status === 'active'),
    [pack],
  );
  const form = useForm({
    seasonCropId: '',
    collectedOn: todayIso(),
    farmer: '',
    gradeId: '',
    bags: '',
    grossKg: '',
    tareKg: '',
    moisture: '',
  });
  const { values, setValue } = form;
  const [farmer, setFarmer] = useState<PackFarmer | null>(null);
  const [saving, setSaving] = useState(false);
  const seasonCrop = openCrops.find((s) => s.id === values.seasonCropId);
  const crop = pack?.crops.find((c) => c.id === seasonCrop?.cropId);
  const grades = crop?.grades ?? [];
  const matches = useMemo(
    () => (farmer ? [] : searchFarmers(device.farmers, values.farmer)),
    [device.farmers, values.farmer, farmer],
  );

  useEffect(() => {
    if (!values.seasonCropId && openCrops[0]) setValue('seasonCropId', openCrops[0].id);
  }, [openCrops, values.seasonCropId, setValue]);
  useEffect(() => {
    if (grades.length > 0 && !grades.some((g) => g.id === values.gradeId))
      setValue('gradeId', grades[0]?.id ?? '');
  }, [grades, values.gradeId, setValue]);

  const net = readNet(values.grossKg, values.tareKg);
  const moisture = seasonCrop
    ? moistureVerdict(values.moisture, seasonCrop.maxMoisture, seasonCrop.moisturePolicy)
    : 'ok';
  const chain = useEnterChain(FIELDS, { onLast: () => void save() });

  const pick = (f: PackFarmer) => {
    setFarmer(f);
    setValue('farmer', `${f.farmerNo} ${packFarmerName(f)}`);
    chain.focus('gradeId');
  };

  async function save() {
    form.setErrors({});
    if (!farmer) {
      form.setErrors({ farmer: t('offlineMd.pickFarmer') });
      chain.focus('farmer');
      return;
    }
    if (moisture === 'too-wet') {
      form.setErrors({ moisture: t('collectionsMd.tooWet') });
      return;
    }
    const body = form.validate(draftSchema, {
      clientId: ulid(),
      seasonCropId: values.seasonCropId,
      farmerId: farmer.id,
      farmerNo: farmer.farmerNo,
      gradeId: values.gradeId,
      collectedOn: values.collectedOn,
      bags: values.bags.trim() === '' ? undefined : Number(values.bags),
      grossKg: values.grossKg.trim(),
      tareKg: values.tareKg.trim(),
      netKg: net.netKg ?? '',
      moisture: values.moisture.trim(),
      capturedAt: new Date().toISOString(),
    });
    if (!body || !seasonCrop || !pack) return;
    if (net.tareTooHeavy) {
      form.setErrors({ tareKg: t('offlineMd.tareTooHeavy') });
      return;
    }
    const grade = grades.find((g) => g.id === body.gradeId);
    setSaving(true);
    try {
      const kept = await device.save(
        { ...body, seasonId: seasonCrop.seasonId },
        {
          amcosName: pack.amcos.name,
          farmerName: packFarmerName(farmer),
          cropName: seasonCrop.cropName,
          seasonName: seasonCrop.seasonName,
          gradeCode: grade?.code ?? '',
          gradeName: grade ? localName(grade) : '',
          clerkName: user ? fullName(user) : '',
        },
      );
      onSaved(kept);
      setFarmer(null);
      form.reset({ ...values, farmer: '', bags: '', grossKg: '', tareKg: '', moisture: '' });
      chain.focus('farmer');
    } catch (error) {
      form.setErrors({});
      if (error instanceof NoNumbersLeft) form.setErrors({ farmer: t('offlineMd.noNumbers') });
      else throw error;
    } finally {
      setSaving(false);
    }
  }

  if (!pack) return <Alert color="yellow">{t('offlineMd.noPack')}</Alert>;
  if (openCrops.length === 0) return <Alert color="yellow">{t('collectionsMd.noOpenSeason')}</Alert>;
  const field = (name: Exclude<(typeof FIELDS)[number], 'farmer'>) => ({
    ...chain.bind(name),
    ...form.text(name),
  });
  return (
    <Paper withBorder radius="md" p="md" data-testid="offline-weigh-form">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
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
                label={t('collectionsMd.farmer')}
                description={t('offlineMd.farmerHint')}
                required
                autoComplete="off"
                data-testid="offline-farmer"
                {...chain.bind('farmer')}
                value={values.farmer}
                error={form.errors.farmer}
                onChange={(e) => {
                  setFarmer(null);
                  setValue('farmer', e.currentTarget.value);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  if (farmer) chain.focus('gradeId');
                  else if (matches[0]) pick(matches[0]);
                }}
              />
              {matches.length > 0 && (
                <Stack gap={2} mt={4} data-testid="offline-farmer-matches">
                  {matches.map((f) => (
                    <Button
                      key={f.id}
                      variant="subtle"
                      size="compact-sm"
                      justify="start"
                      onClick={() => pick(f)}
                    >
                      {f.farmerNo} · {packFarmerName(f)}
                      {f.village ? ` · ${f.village}` : ''}
                    </Button>
                  ))}
                </Stack>
              )}
            </div>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
            <NativeSelect
              label={t('collectionsMd.grade')}
              required
              data={grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))}
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
            <MoistureField maxMoisture={seasonCrop?.maxMoisture} verdict={moisture} {...field('moisture')} />
            <NetKgReading net={net} verdict={moisture} />
          </SimpleGrid>
          <LimitsHint limits={pack.limits} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t('collectionsMd.keyboardHint')}
            </Text>
            <Button type="submit" loading={saving} data-testid="offline-save">
              {t('offlineMd.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** The society's weighing limits, so the clerk knows what the server will keep for review. */
function LimitsHint({ limits }: { limits: WeighingLimits }) {
  const { t } = useTranslation();
  if (!limits.maxKgPerBag && !limits.maxNetKg) return null;
  return (
    <Text size="xs" c="dimmed">
      {t('offlineMd.limits', {
        perBag: limits.maxKgPerBag ? formatKg(limits.maxKgPerBag) : '—',
        net: limits.maxNetKg ? formatKg(limits.maxNetKg) : '—',
      })}
    </Text>
  );
}
