import { useDebouncedValue } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FarmerLookup, useFarmerLookup } from './hooks.ts';

/** The farmer the number in the box names, looked up as the clerk pauses; never the previous number's. */
function useFarmerFound(farmerNo: string): FarmerLookup {
  const [debouncedNo] = useDebouncedValue(farmerNo, 200);
  const lookup = useFarmerLookup(debouncedNo);
  const typed = farmerNo.trim().toUpperCase();
  if (typed.length < 3) return { state: 'idle' };
  if (typed !== debouncedNo.trim().toUpperCase() || (lookup.isFetching && !lookup.data))
    return { state: 'loading' };
  return lookup.data ?? { state: 'idle' };
}

/** Why the number cannot be weighed for (yet), or null once it names an active farmer. */
export function farmerProblem(found: FarmerLookup, t: TFunction): string | null {
  switch (found.state) {
    case 'found':
      return found.farmer.status === 'active'
        ? null
        : t('collectionsMd.farmerInactive', { name: `${found.farmer.firstName} ${found.farmer.lastName}` });
    case 'unknown':
      return t('collectionsMd.farmerUnknown');
    case 'other-society':
      return t('collectionsMd.farmerOtherSociety');
    case 'loading':
      return t('collectionsMd.lookingUp');
    case 'failed':
      return t('collectionsMd.lookupFailed');
    default:
      return t('collectionsMd.typeFarmerNo');
  }
}

/**
 * Finding the farmer by the number typed: what it names, and Enter held on the box until it names
 * an active farmer. A refused Enter shows why on the field itself, until the number changes.
 */
export function useFarmerNumber(farmerNo: string) {
  const { t } = useTranslation();
  const found = useFarmerFound(farmerNo);
  const [refused, setRefused] = useState(false);
  const problem = farmerProblem(found, t);
  return {
    found,
    /** The field's message after a refused Enter, else null. */
    refusal: refused ? problem : null,
    /** Enter on the box: true (and the reason shown) while the number names no active farmer. */
    holdsEnter: () => {
      if (problem) setRefused(true);
      return problem !== null;
    },
    /** The number changed: a refusal is for the old number. */
    changed: () => setRefused(false),
  };
}

export type FarmerNumber = ReturnType<typeof useFarmerNumber>;
