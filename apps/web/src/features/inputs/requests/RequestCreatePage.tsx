import { Alert, Paper, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { createInputRequestBody, type FarmerOption } from '@ushirika/contracts';
import { dec, toMoney } from '@ushirika/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { FarmerPicker } from '../../farmers/FarmerPicker.tsx';
import { seasonCrops } from '../../seasons/hooks.ts';
import { useInputPrices } from '../prices/hooks.ts';
import { requests, useSuggestion } from './hooks.ts';
import { type EditableLine, isOverLimit, RequestLinesTable } from './RequestLinesTable.tsx';

/** /collections/farmer-requests/create: the farmer (picked by number, name or phone), the season crop, then the BOQ lines. */
export default function RequestCreateRoute() {
  return (
    <RequirePermission permission="collections.collection.create">
      <RequestCreatePage />
    </RequirePermission>
  );
}

function RequestCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [farmer, setFarmer] = useState<FarmerOption | null>(null);
  const crops = seasonCrops.useOptions();
  const form = useForm({ seasonCropId: null as string | null, overrideReason: '', notes: '' });
  const seasonCrop = crops.data?.find((c) => c.id === form.values.seasonCropId);
  const suggestion = useSuggestion(farmer?.id ?? null, form.values.seasonCropId);
  const prices = useInputPrices(seasonCrop?.seasonId);
  const [lines, setLines] = useState<EditableLine[]>([]);
  useEffect(() => {
    if (!suggestion.data) return;
    setLines(
      suggestion.data.lines.map((l) => ({
        itemId: l.itemId,
        itemName: l.itemName,
        unit: l.unit,
        suggestedQuantity: l.suggestedQuantity,
        quantity: l.quantity,
        creditPrice: l.creditPrice,
        creditLimit: l.creditLimit,
        usedElsewhere: l.usedElsewhere,
      })),
    );
  }, [suggestion.data]);
  const over = lines.some(isOverLimit);
  const addable = (prices.data ?? []).filter((p) => !lines.some((l) => l.itemId === p.itemId));
  const save = requests.useSave({
    onSaved: (saved) => navigate(`/collections/farmer-requests/${saved.id}/details`),
    onError: form.showApiError,
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(createInputRequestBody, {
      farmerId: farmer?.id,
      seasonCropId: form.values.seasonCropId,
      lines: lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      overrideReason: over ? form.values.overrideReason : null,
      notes: form.values.notes,
    });
    if (body) save.create(body);
  });
  return (
    <>
      <PageHeader title={t('inputs.requests.create')} />
      <Paper withBorder p="lg" radius="md">
        <FormLayout
          onSubmit={submit}
          error={
            form.formError ??
            (form.errors as Record<string, string | undefined>).farmerId ??
            (form.errors as Record<string, string | undefined>).lines
          }
          submitLabel={t('common.save')}
          submitting={save.isPending}
          testId="request-form"
        >
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FarmerPicker
              label={t('inputs.farmer')}
              required
              autoFocus
              value={farmer}
              onChange={setFarmer}
              scope={{ status: 'active' }}
              testId="request-farmer"
            />
            <Select
              label={t('inputs.seasonCrop')}
              required
              data={(crops.data ?? [])
                .filter((c) => c.seasonStatus !== 'closed')
                .map((c) => ({ value: c.id, label: `${c.seasonName} · ${c.cropName}` }))}
              {...form.control('seasonCropId')}
              data-testid="request-season-crop"
            />
          </SimpleGrid>
          {suggestion.data && (
            <Text size="sm" c="dimmed" data-testid="request-acres">
              {t('inputs.requests.acresBoq', {
                acres: suggestion.data.acres,
                boq: suggestion.data.boqName ?? t('inputs.requests.noBoq'),
              })}
            </Text>
          )}
          {lines.length > 0 && <RequestLinesTable lines={lines} onChange={setLines} />}
          {farmer && seasonCrop && addable.length > 0 && (
            <Select
              label={t('inputs.requests.addItem')}
              placeholder={t('inputs.requests.addItemHint')}
              searchable
              value={null}
              data={addable.map((p) => ({ value: p.itemId, label: `${p.itemCode} · ${p.itemName}` }))}
              onChange={(itemId) => {
                const p = addable.find((x) => x.itemId === itemId);
                if (p) setLines([...lines, lineOfPrice(p, suggestion.data?.acres ?? '0')]);
              }}
            />
          )}
          {over && <OverrideReason field={form.text('overrideReason')} />}
          <TextInput label={t('fields.notes')} {...form.text('notes')} />
        </FormLayout>
      </Paper>
    </>
  );
}

type InputPrice = NonNullable<ReturnType<typeof useInputPrices>['data']>[number];

/** An item added by hand: no suggested quantity, its limit per acre times the farmer's acres. */
function lineOfPrice(p: InputPrice, acres: string): EditableLine {
  const limit = p.limitBasis === 'per_acre' ? toMoney(dec(p.creditLimit).times(dec(acres))) : p.creditLimit;
  return {
    itemId: p.itemId,
    itemName: p.itemName,
    unit: p.unit,
    suggestedQuantity: null,
    quantity: '',
    creditPrice: p.creditPrice,
    creditLimit: limit,
    // What the farmer's other requests hold of it: the server checks it on saving.
    usedElsewhere: '0.00',
  };
}

/** Over a credit limit, the request needs a reason for the approvers. */
function OverrideReason({ field }: { field: object }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('inputs.requests.overTitle')}>
      <Textarea label={t('inputs.requests.overrideReason')} required autosize minRows={2} {...field} />
    </Alert>
  );
}
