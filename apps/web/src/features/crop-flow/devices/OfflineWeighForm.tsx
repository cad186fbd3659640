import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { offlineReceiptInput, type PackFarmer, type WeighingLimits } from '@ushirika/contracts';
import { moistureVerdict, readNet, todayInTanzania } from '@ushirika/domain';
import { memo, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ulid } from 'ulid';
import { DateField } from '../../../components/DateField.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatKg, localName } from '../../../lib/format.ts';
import { fullName, useSession } from '../../../lib/session.ts';
import { useEnterChain } from '../../../lib/use-enter-chain.ts';
import { useDefaultChoices } from '../collections/default-choices.ts';
import { MoistureField, NetKgReading } from '../collections/WeighingParts.tsx';
import { type FarmerIndex, packFarmerName, searchFarmers } from './farmer-search.ts';
import { NoNumbersLeft, type PackMeta, type QueuedReceipt, type ReceiptPrint } from './offline-store.ts';
import type { OfflineDevice } from './use-offline-device.ts';

const FIELDS = ['farmer', 'gradeId', 'bags', 'grossKg', 'tareKg', 'moisture'] as const;
const draftSchema = offlineReceiptInput.omit({ receiptNo: true });
const BLANK = { seasonCropId: '', gradeId: '', bags: '', grossKg: '', tareKg: '', moisture: '' };

/**
 * Weighing with no network (#29): the same keyboard flow as online (Enter picks the farmer and
 * walks the fields, Enter on moisture saves) over the society's pack kept on the device. The
 * receipt, with its number from the device's block, is written to the device before it is shown.
 * The farmer box keeps what is typed in it and its matches to itself: a keystroke renders the box,
 * not the form (bench `offline`: the device's farmer search, CPU slowed 4×).
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
  const form = useForm<WeighValues>({ ...BLANK, collectedOn: todayInTanzania() });
  const { values } = form;
  const { openCrops, seasonCrop, grades } = usePackChoices(pack, values.seasonCropId);
  const [farmer, setFarmer] = useState<PackFarmer | null>(null);
  const [farmerError, setFarmerError] = useState<string | null>(null);
  /** Counts the receipts saved here: a new one empties the farmer box. */
  const [saved, setSaved] = useState(0);
  const { keep, saving } = useKeepReceipt(device);

  useDefaultChoices(form, openCrops, grades);

  const net = readNet(values.grossKg, values.tareKg);
  const moisture = seasonCrop
    ? moistureVerdict(values.moisture, seasonCrop.maxMoisture, seasonCrop.moisturePolicy)
    : 'ok';
  const chain = useEnterChain(FIELDS, { onLast: () => void save() });

  const pick = (f: PackFarmer) => {
    setFarmer(f);
    setFarmerError(null);
    chain.focus('gradeId');
  };

  async function save() {
    form.setErrors({});
    setFarmerError(null);
    if (!farmer) {
      setFarmerError(t('offlineMd.pickFarmer'));
      chain.focus('farmer');
      return;
    }
    if (moisture === 'too-wet') {
      form.setErrors({ moisture: t('collectionsMd.tooWet') });
      return;
    }
    const body = form.validate(draftSchema, draftOf(values, farmer, net.netKg));
    if (!body || !seasonCrop || !pack) return;
    if (net.tareTooHeavy) {
      form.setErrors({ tareKg: t('offlineMd.tareTooHeavy') });
      return;
    }
    const grade = grades.find((g) => g.id === body.gradeId);
    const kept = await keep(
      { ...body, seasonId: seasonCrop.seasonId },
      receiptNames(pack, seasonCrop, grade, farmer, user ? fullName(user) : ''),
    );
    if (!kept) {
      setFarmerError(t('offlineMd.noNumbers'));
      return;
    }
    onSaved(kept);
    setFarmer(null);
    setSaved((n) => n + 1);
    form.reset({ ...values, ...BLANK, seasonCropId: values.seasonCropId, gradeId: values.gradeId });
    chain.focus('farmer');
  }

  if (!pack) return <Alert color="yellow">{t('offlineMd.noPack')}</Alert>;
  if (openCrops.length === 0) return <Alert color="yellow">{t('collectionsMd.noOpenSeason')}</Alert>;
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
            <SeasonCropAndDate
              openCrops={openCrops}
              seasonCrop={form.text('seasonCropId')}
              date={form.text('collectedOn')}
            />
            <OfflineFarmerField
              inputRef={chain.bind('farmer').ref}
              index={device.farmers}
              picked={farmer}
              saved={saved}
              error={farmerError}
              onType={() => {
                if (farmer) setFarmer(null);
                if (farmerError) setFarmerError(null);
              }}
              onPick={pick}
            />
          </SimpleGrid>
          <WeightFields
            grades={grades}
            field={(name) => ({ ...chain.bind(name), ...form.text(name) })}
            maxMoisture={seasonCrop?.maxMoisture}
            verdict={moisture}
            net={net}
          />
          <LimitsHint limits={pack.limits} />
          <SaveRow saving={saving} />
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

type WeighValues = {
  seasonCropId: string;
  collectedOn: string;
  gradeId: string;
  bags: string;
  grossKg: string;
  tareKg: string;
  moisture: string;
};
type WeighForm = ReturnType<typeof useForm<WeighValues>>;
type PackSeasonCrop = PackMeta['seasonCrops'][number];
type PackGrade = PackMeta['crops'][number]['grades'][number];

/** The receipt as the server will get it (its number comes from the device's block on save). */
const draftOf = (values: WeighValues, farmer: PackFarmer, netKg: string | null) => ({
  clientId: ulid(),
  seasonCropId: values.seasonCropId,
  farmerId: farmer.id,
  farmerNo: farmer.farmerNo,
  gradeId: values.gradeId,
  collectedOn: values.collectedOn,
  bags: values.bags.trim() === '' ? undefined : Number(values.bags),
  grossKg: values.grossKg.trim(),
  tareKg: values.tareKg.trim(),
  netKg: netKg ?? '',
  moisture: values.moisture.trim(),
  capturedAt: new Date().toISOString(),
});

/** The names the printed receipt shows, as the device knows them. */
const receiptNames = (
  pack: PackMeta,
  seasonCrop: PackSeasonCrop,
  grade: PackGrade | undefined,
  farmer: PackFarmer,
  clerkName: string,
): ReceiptPrint => ({
  amcosName: pack.amcos.name,
  farmerName: packFarmerName(farmer),
  cropName: seasonCrop.cropName,
  seasonName: seasonCrop.seasonName,
  gradeCode: grade?.code ?? '',
  gradeName: grade ? localName(grade) : '',
  clerkName,
});

const NO_MATCHES: PackFarmer[] = [];

/**
 * The farmer box: type a number or a name, Enter takes the first match, or click one. What is
 * typed and its matches live here, so a keystroke renders this box only. While the device's
 * farmers load (just after opening) it says so, and an Enter pressed meanwhile takes the first
 * match once they are there.
 */
function OfflineFarmerField({
  inputRef,
  index,
  picked,
  saved,
  error,
  onType,
  onPick,
}: {
  inputRef: (el: HTMLInputElement | null) => void;
  index: FarmerIndex | null;
  picked: PackFarmer | null;
  /** Receipts saved so far: the box empties after each. */
  saved: number;
  error: ReactNode;
  onType: () => void;
  onPick: (farmer: PackFarmer) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [enterWaits, setEnterWaits] = useState(false);
  const [savedSeen, setSavedSeen] = useState(saved);
  if (savedSeen !== saved) {
    setSavedSeen(saved);
    setText('');
  }
  const found = useMemo(
    () => (picked || !index ? NO_MATCHES : searchFarmers(index, text)),
    [index, text, picked],
  );
  const matches = useSameMatches(found);
  const choose = (f: PackFarmer) => {
    setText(`${f.farmerNo} ${packFarmerName(f)}`);
    onPick(f);
  };
  // An Enter pressed while the farmers loaded takes the first match once they are there.
  useEffect(() => {
    if (!enterWaits || !index) return;
    setEnterWaits(false);
    if (matches[0]) choose(matches[0]);
  });
  const pickRef = useRef(choose);
  pickRef.current = choose;
  const onChoose = useMemo(() => (f: PackFarmer) => pickRef.current(f), []);
  return (
    <div>
      <TextInput
        label={t('collectionsMd.farmer')}
        description={index ? t('offlineMd.farmerHint') : t('offlineMd.farmersLoading')}
        required
        autoComplete="off"
        data-testid="offline-farmer"
        data-farmers={index ? 'ready' : 'loading'}
        ref={inputRef}
        value={text}
        error={error}
        onChange={(e) => {
          setText(e.currentTarget.value);
          onType();
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (picked) onPick(picked);
          else if (!index) setEnterWaits(text.trim() !== '');
          else if (matches[0]) choose(matches[0]);
        }}
      />
      <FarmerMatches matches={matches} onPick={onChoose} />
    </div>
  );
}

/** The previous matches when a keystroke finds the same farmers (the list then does not render). */
function useSameMatches(found: PackFarmer[]): PackFarmer[] {
  const last = useRef(found);
  const prev = last.current;
  if (prev !== found && (prev.length !== found.length || prev.some((f, i) => f !== found[i])))
    last.current = found;
  return last.current;
}

/**
 * The matches, drawn at every keystroke that finds others: plain buttons styled like a subtle
 * compact button (app.css), not Mantine's, whose render cost most of a keystroke's time with the
 * CPU slowed 4× (#29, bench `offline`).
 */
const FarmerMatches = memo(function FarmerMatches({
  matches,
  onPick,
}: {
  matches: PackFarmer[];
  onPick: (farmer: PackFarmer) => void;
}) {
  if (matches.length === 0) return null;
  return (
    <div className="farmer-matches" data-testid="offline-farmer-matches">
      {matches.map((f) => (
        <button key={f.id} type="button" className="farmer-match" onClick={() => onPick(f)}>
          {f.farmerNo} · {packFarmerName(f)}
          {f.village ? ` · ${f.village}` : ''}
        </button>
      ))}
    </div>
  );
});

type FieldName = Exclude<(typeof FIELDS)[number], 'farmer'>;

/** Grade, bags, gross, tare and moisture in the Enter chain, and the net they make. */
function WeightFields({
  grades,
  field,
  maxMoisture,
  verdict,
  net,
}: {
  grades: PackGrade[];
  field: (name: FieldName) => object;
  maxMoisture: string | undefined;
  verdict: ReturnType<typeof moistureVerdict>;
  net: ReturnType<typeof readNet>;
}) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }}>
      <NativeSelect
        label={t('collectionsMd.grade')}
        required
        data={grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))}
        {...field('gradeId')}
      />
      <TextInput label={t('collectionsMd.bags')} required inputMode="numeric" {...field('bags')} />
      <TextInput label={t('collectionsMd.grossKg')} required inputMode="decimal" {...field('grossKg')} />
      <TextInput label={t('collectionsMd.tareKg')} required inputMode="decimal" {...field('tareKg')} />
      <MoistureField maxMoisture={maxMoisture} verdict={verdict} {...field('moisture')} />
      <NetKgReading net={net} verdict={verdict} />
    </SimpleGrid>
  );
}

/** Writes the receipt to the device; null when the device has no receipt numbers left. */
function useKeepReceipt(device: OfflineDevice) {
  const [saving, setSaving] = useState(false);
  const keep = async (...args: Parameters<OfflineDevice['save']>) => {
    setSaving(true);
    try {
      return await device.save(...args);
    } catch (error) {
      if (error instanceof NoNumbersLeft) return null;
      throw error;
    } finally {
      setSaving(false);
    }
  };
  return { keep, saving };
}

/** The season crop weighed (open ones only) and the day of the weighing. */
function SeasonCropAndDate({
  openCrops,
  seasonCrop,
  date,
}: {
  openCrops: PackSeasonCrop[];
  seasonCrop: ReturnType<WeighForm['text']>;
  date: ReturnType<WeighForm['text']>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NativeSelect
        label={t('collectionsMd.seasonCrop')}
        required
        data={openCrops.map((s) => ({ value: s.id, label: `${s.seasonName} · ${s.cropName}` }))}
        {...seasonCrop}
      />
      <DateField label={t('collectionsMd.date')} required {...date} />
    </>
  );
}

/** The open season crops the pack holds, the one chosen, and its crop's grades. */
function usePackChoices(pack: PackMeta | null, seasonCropId: string) {
  const openCrops = useMemo(
    () => (pack?.seasonCrops ?? []).filter((s) => s.seasonStatus === 'open' && s.status === 'active'),
    [pack],
  );
  const seasonCrop = openCrops.find((s) => s.id === seasonCropId);
  const grades = pack?.crops.find((c) => c.id === seasonCrop?.cropId)?.grades ?? [];
  return { openCrops, seasonCrop, grades };
}

function SaveRow({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Text size="xs" c="dimmed">
        {t('collectionsMd.keyboardHint')}
      </Text>
      <Button type="submit" loading={saving} data-testid="offline-save">
        {t('offlineMd.save')}
      </Button>
    </Group>
  );
}
