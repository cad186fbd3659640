import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buyers } from '../hooks.ts';

/** The active buyers as a searchable select. */
export function BuyerSelect({
  value,
  onChange,
  error,
  required,
  autoFocus,
}: {
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  // The first 200 buyers by name, or those matching what is typed (the server searches them all).
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const term = search.replace(/\s*\([^)]*\)\s*$/, '').trim();
  const options = buyers.useOptions({ status: 'active', ...(term.length >= 2 ? { search: term } : {}) });
  const data = (options.data ?? []).map((b) => ({ value: b.id, label: `${b.name} (${b.bidCode})` }));
  if (chosen && chosen.value === value && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  return (
    <Select
      label={t('salesMd.buyer')}
      required={required}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // autoFocus on a page; data-autofocus inside a modal (its focus trap picks it).
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
      data-testid="buyer-select"
    />
  );
}
