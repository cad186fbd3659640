import { Text, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FarmerLookup } from './hooks.ts';
import { type FarmerNumber, farmerProblem } from './use-farmer-number.ts';

interface FarmerNumberFieldProps {
  value: string;
  onChange: (farmerNo: string) => void;
  farmer: FarmerNumber;
  /** A validation or server message for the number. */
  error: string | undefined;
  placeholder: string;
  /** A union user weighs for any society: the farmer's society shows beside the name. */
  showSociety: boolean;
  chain: { ref: (el: HTMLInputElement | null) => void; onKeyDown: (event: KeyboardEvent) => void };
}

/** The farmer number box (typed in capitals) with, under it, the farmer it names as soon as found. */
export function FarmerNumberField({
  value,
  onChange,
  farmer,
  error,
  placeholder,
  showSociety,
  chain,
}: FarmerNumberFieldProps) {
  const { t } = useTranslation();
  const shownError = farmer.refusal ?? error;
  return (
    <div>
      <TextInput
        label={t('collectionsMd.farmerNo')}
        required
        autoComplete="off"
        placeholder={placeholder}
        data-testid="farmer-no"
        name="farmerNo"
        value={value}
        error={shownError}
        {...chain}
        onChange={(e) => {
          farmer.changed();
          onChange(e.currentTarget.value.toUpperCase());
        }}
      />
      {!shownError && (
        <div aria-live="polite" style={{ minHeight: 22, marginTop: 4 }}>
          <FarmerHint found={farmer.found} showSociety={showSociety} />
        </div>
      )}
    </div>
  );
}

/** The farmer's full name once found; otherwise what the clerk should do, or what is wrong. */
function FarmerHint({ found, showSociety }: { found: FarmerLookup; showSociety: boolean }) {
  const { t } = useTranslation();
  if (found.state === 'found' && found.farmer.status === 'active') {
    const { firstName, middleName, lastName, amcosName } = found.farmer;
    return (
      <Text size="sm" fw={600} c="teal" data-testid="farmer-found">
        {[firstName, middleName, lastName].filter(Boolean).join(' ')}
        {showSociety ? ` · ${amcosName}` : ''}
      </Text>
    );
  }
  const waiting = found.state === 'idle' || found.state === 'loading';
  return (
    <Text
      size="sm"
      c={waiting ? 'dimmed' : 'red'}
      data-testid={waiting || found.state === 'failed' ? undefined : 'farmer-problem'}
    >
      {farmerProblem(found, t)}
    </Text>
  );
}
