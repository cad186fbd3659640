import { Text } from '@mantine/core';
import type { FarmerOption } from '@ushirika/contracts';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FarmerPicker, farmerName } from '../../farmers/FarmerPicker.tsx';

interface FarmerNumberFieldProps {
  value: FarmerOption | null;
  onChange: (farmer: FarmerOption | null) => void;
  /** A validation or server message (on save only: an empty box after a save is not an error). */
  error: string | undefined;
  placeholder: string;
  /** A union user weighs for any society: the farmer's society shows beside the name. */
  showSociety: boolean;
  chain: { ref: (el: HTMLInputElement | null) => void; onKeyDown: (event: KeyboardEvent) => void };
  /** A farmer was picked: the cursor moves on to the grade. */
  onPicked: () => void;
}

/**
 * The farmer at the scale (#27): the one farmer picker (number, name or phone; Enter picks the only
 * match and moves on), with the chosen farmer's name under it. An inactive farmer is refused.
 */
export function FarmerNumberField({
  value,
  onChange,
  error,
  placeholder,
  showSociety,
  chain,
  onPicked,
}: FarmerNumberFieldProps) {
  const { t } = useTranslation();
  return (
    <div>
      <FarmerPicker
        label={t('collectionsMd.farmer')}
        required
        value={value}
        onChange={onChange}
        error={error}
        placeholder={t('collectionsMd.farmerHint', { example: placeholder })}
        inputRef={chain.ref}
        onEnterChosen={chain.onKeyDown}
        onPicked={onPicked}
        refuse={(f) =>
          f.status === 'active' ? null : t('collectionsMd.farmerInactive', { name: farmerName(f) })
        }
        testId="farmer-no"
      />
      <div aria-live="polite" style={{ minHeight: 22, marginTop: 4 }}>
        {value && (
          <Text size="sm" fw={600} c="teal" data-testid="farmer-found">
            {farmerName(value)}
            {showSociety ? ` · ${value.amcosName}` : ''}
          </Text>
        )}
      </div>
    </div>
  );
}
