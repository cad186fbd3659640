import { Select } from '@mantine/core';
import type { StoreOption } from '@ushirika/contracts';
import { useStoreOptions } from './hooks.ts';

/**
 * A store picker over the stores the user may use. `own` keeps an AMCOS user to their society's
 * stores (where they receive or issue); `kind` keeps one kind (union or AMCOS stores).
 */
export function StoreSelect({
  label,
  value,
  onChange,
  error,
  own = true,
  kind,
  exclude,
  testId,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  error?: string | undefined;
  own?: boolean;
  kind?: StoreOption['kind'] | undefined;
  exclude?: string | null;
  testId?: string;
}) {
  const data = useStoreOptions({ own, kind, exclude });
  return (
    <Select
      label={label}
      required
      searchable
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      data-testid={testId}
    />
  );
}
