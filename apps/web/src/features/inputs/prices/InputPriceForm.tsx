import { Group, Select, TextInput } from '@mantine/core';
import { type InputPrice, saveInputPriceBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { useItemChoices } from '../../../lib/item-choices.ts';
import { unitLabel } from '../../../lib/units.ts';
import { useSaveInputPrice } from './hooks.ts';

/** Sets one item's season price and credit limit (a new item, or the one being edited). */
export function InputPriceForm({
  seasonId,
  price,
  onClose,
}: {
  seasonId: string;
  price: InputPrice | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const choices = useItemChoices();
  const stockItems = (choices.data ?? []).filter((i) => i.kind === 'stock');
  const form = useForm({
    itemId: price?.itemId ?? (null as string | null),
    creditPrice: price?.creditPrice ?? '',
    cashPrice: price?.cashPrice ?? '',
    subsidisedPrice: price?.subsidisedPrice ?? '',
    programmeShare: price?.programmeShare ?? '0',
    limitBasis: (price?.limitBasis ?? 'per_acre') as string | null,
    creditLimit: price?.creditLimit ?? '',
  });
  const save = useSaveInputPrice(onClose, form.showApiError);
  const submit = form.onSubmit(() => {
    const v = form.values;
    const body = form.validate(saveInputPriceBody, {
      ...v,
      seasonId,
      subsidisedPrice: v.subsidisedPrice.trim() === '' ? null : v.subsidisedPrice,
    });
    if (body) save.mutate(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={price ? t('inputs.prices.edit', { item: price.itemName }) : t('inputs.prices.add')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="input-price-form"
    >
      <Select
        label={t('inputs.item')}
        required
        searchable
        disabled={Boolean(price)}
        data={stockItems.map((i) => ({ value: i.id, label: `${i.code} · ${i.name} (${unitLabel(i.unit)})` }))}
        data-autofocus
        {...form.control('itemId')}
      />
      <Group grow>
        <TextInput
          label={t('inputs.prices.creditPrice')}
          required
          inputMode="decimal"
          {...form.text('creditPrice')}
        />
        <TextInput
          label={t('inputs.prices.cashPrice')}
          required
          inputMode="decimal"
          {...form.text('cashPrice')}
        />
      </Group>
      <Group grow>
        <TextInput
          label={t('inputs.prices.subsidisedPrice')}
          description={t('inputs.prices.subsidisedHint')}
          inputMode="decimal"
          {...form.text('subsidisedPrice')}
        />
        <TextInput
          label={t('inputs.prices.programmeShare')}
          inputMode="decimal"
          {...form.text('programmeShare')}
        />
      </Group>
      <Group grow>
        <Select
          label={t('inputs.prices.limitBasis')}
          required
          allowDeselect={false}
          data={[
            { value: 'per_acre', label: t('inputs.prices.perAcre') },
            { value: 'fixed', label: t('inputs.prices.fixed') },
          ]}
          {...form.control('limitBasis')}
        />
        <TextInput
          label={t('inputs.prices.creditLimit')}
          required
          inputMode="decimal"
          {...form.text('creditLimit')}
        />
      </Group>
    </FormModal>
  );
}
