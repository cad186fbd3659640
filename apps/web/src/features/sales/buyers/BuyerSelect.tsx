import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
import { buyers } from '../hooks.ts';

/** The active buyers as a searchable select (the first 200 by name, or those matching what is typed). */
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
  return (
    <SearchSelect
      label={t('salesMd.buyer')}
      testId="buyer-select"
      useOptions={useBuyerOptions}
      // A chosen buyer shows as "Name (BID)": search by the name only.
      searchTerm={(search) => search.replace(/\s*\([^)]*\)\s*$/, '').trim()}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      autoFocus={autoFocus}
    />
  );
}

function useBuyerOptions(term: string) {
  const options = buyers.useOptions({ status: 'active', ...(term ? { search: term } : {}) });
  return options.data?.map((b) => ({ value: b.id, label: `${b.name} (${b.bidCode})` }));
}
