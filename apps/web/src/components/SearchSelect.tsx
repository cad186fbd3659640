import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Option = { value: string; label: string };

/**
 * A searchable select over a list the server searches: the first page of options, or those matching
 * what is typed (two characters or more). The chosen option stays shown when a search hides it.
 */
export function SearchSelect({
  label,
  testId,
  useOptions,
  searchTerm = (search) => search.trim(),
  value,
  onChange,
  error,
  required,
  autoFocus,
}: {
  label: string;
  testId: string;
  /** A hook: the options for a search term ('' for the first page). */
  useOptions: (term: string) => Option[] | undefined;
  /** The term sent to the server for what is typed. */
  searchTerm?: (search: string) => string;
  value: string | null;
  onChange: (v: string | null) => void;
  error?: string | undefined;
  required?: boolean | undefined;
  autoFocus?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Option | null>(null);
  const term = searchTerm(search);
  const data = [...(useOptions(term.length >= 2 ? term : '') ?? [])];
  if (chosen && chosen.value === value && !data.some((d) => d.value === chosen.value)) data.unshift(chosen);
  return (
    <Select
      label={label}
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
      data-testid={testId}
    />
  );
}
