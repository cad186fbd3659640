import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { useItemChoices } from '../../../lib/item-choices.ts';
import { useSession } from '../../../lib/session.ts';
import { useAmcosOptions } from '../../amcos/hooks.ts';
import { itemCategories } from '../items/hooks.ts';
import { useStoreOptions } from '../stores/hooks.ts';

export type ReportFilterValues = {
  item_id?: string | undefined;
  category_id?: string | undefined;
  store_id?: string | undefined;
  amcos_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

/**
 * The inventory reports' filters: item, category, store, AMCOS and dates. An AMCOS user's
 * choices are their own stores; the category and AMCOS filters are union staff's.
 */
export function ReportFilters({
  value,
  onChange,
  scope,
  range,
}: {
  value: ReportFilterValues;
  onChange: (next: ReportFilterValues) => void;
  scope?: 'union' | 'amcos' | undefined;
  /** A from-to range (ledgers), or a single "as at" date (quantities). */
  range: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const itemChoices = useItemChoices();
  const categories = itemCategories.useOptions({}, isUnion);
  const societies = useAmcosOptions(isUnion && scope !== 'union');
  const storeOptions = useStoreOptions({ kind: scope });
  const set = (key: keyof ReportFilterValues) => (v: string | null) =>
    onChange({ ...value, [key]: v || undefined });
  return (
    <Group align="end" gap="sm" wrap="wrap">
      <Select
        label={t('inventoryMd.item')}
        clearable
        searchable
        w={220}
        data={(itemChoices.data ?? [])
          .filter((i) => i.kind === 'stock')
          .map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }))}
        value={value.item_id ?? null}
        onChange={set('item_id')}
      />
      {isUnion && (
        <Select
          label={t('inventoryMd.category')}
          clearable
          w={180}
          data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={value.category_id ?? null}
          onChange={set('category_id')}
        />
      )}
      <Select
        label={t('inventoryMd.store')}
        clearable
        searchable
        w={220}
        data={storeOptions}
        value={value.store_id ?? null}
        onChange={set('store_id')}
      />
      {isUnion && scope !== 'union' && (
        <Select
          label={t('fields.amcos')}
          clearable
          searchable
          w={200}
          data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
          value={value.amcos_id ?? null}
          onChange={set('amcos_id')}
        />
      )}
      {range && (
        <DateField
          label={t('inventoryMd.from')}
          value={value.from ?? ''}
          onChange={(e) => set('from')(e.currentTarget.value)}
        />
      )}
      <DateField
        label={range ? t('inventoryMd.to') : t('inventoryMd.asAt')}
        value={value.to ?? ''}
        onChange={(e) => set('to')(e.currentTarget.value)}
      />
    </Group>
  );
}
