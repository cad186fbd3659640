import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { suppliers } from '../hooks.ts';

/** The active suppliers as a searchable select (the server searches past the first 200). */
export function SupplierSelect({
  value,
  onChange,
  error,
  required,
  autoFocus,
  label,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const term = search.trim();
  const options = suppliers.useOptions({ active: 'true', ...(term.length >= 2 ? { search: term } : {}) });
  const data = (options.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  if (chosen && chosen.value === value && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  return (
    <Select
      label={label ?? t('purchaseMd.supplier')}
      required={required}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      autoFocus={autoFocus}
      data-autofocus={autoFocus || undefined}
      nothingFoundMessage={t('common.nothingFound')}
      data={data}
      value={value}
      onChange={(v, option) => {
        setChosen(v && option ? { value: v, label: option.label } : null);
        onChange(v);
      }}
      error={error}
      data-testid="supplier-select"
    />
  );
}
