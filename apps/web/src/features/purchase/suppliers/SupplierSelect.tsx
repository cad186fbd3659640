import { useTranslation } from 'react-i18next';
import { SearchSelect } from '../../../components/SearchSelect.tsx';
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
  return (
    <SearchSelect
      label={label ?? t('purchaseMd.supplier')}
      testId="supplier-select"
      useOptions={useSupplierOptions}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      autoFocus={autoFocus}
    />
  );
}

function useSupplierOptions(term: string) {
  const options = suppliers.useOptions({ active: 'true', ...(term ? { search: term } : {}) });
  return options.data?.map((s) => ({ value: s.id, label: s.name }));
}
