import { Select } from '@mantine/core';
import type { StoreOption } from '@ushirika/contracts';
import { useSession } from '../../../lib/session.ts';
import { storeLabel, useStoreChoices } from './hooks.ts';

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
  const { user } = useSession();
  const choices = useStoreChoices();
  const data = (choices.data ?? [])
    .filter((s) => !own || !user?.amcosId || s.amcosId === user.amcosId)
    .filter((s) => !kind || s.kind === kind)
    .filter((s) => s.id !== exclude)
    .map((s) => ({ value: s.id, label: storeLabel(s) }));
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
