import type { TFunction } from 'i18next';

/** A role's name in the interface language: built-in roles are translated, others show as named. */
export function roleLabel(t: TFunction, name: string): string {
  return t(`roleNames.${name}`, { defaultValue: name });
}
