/**
 * Names of everything the app keeps in localStorage (SPEC section 3). Logout clears all of it.
 */
export const SESSION_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  userId: 'user_id',
  memberId: 'member_id',
  user: 'user',
  userPermissions: 'user_permissions',
  organisation: 'organisation',
  userMobile: 'user_mobile',
  userEmail: 'user_email',
  employeeDetails: 'employee_details',
  qualificationDetails: 'qualification_details',
  allocationDetails: 'allocation_details',
  contractDetails: 'contract_details',
  activeSideRoute: 'active_side_route',
  accountingMode: 'accounting_mode',
  /** Not in SPEC: set while the lock screen is shown, with the path to return to. */
  lockedAt: 'locked_path',
} as const;

export const DISPLAY_KEYS = {
  theme: 'theme',
  menu: 'menu',
  layout: 'layout',
  locale: 'i18n_locale',
  rtlClass: 'rtlClass',
  animation: 'animation',
  navbar: 'navbar',
  semidark: 'semidark',
} as const;

/** SPEC section 4 defaults for the display preferences. */
export const DISPLAY_DEFAULTS: Record<keyof typeof DISPLAY_KEYS, string> = {
  theme: 'light',
  menu: 'vertical',
  layout: 'full',
  locale: 'en',
  rtlClass: 'ltr',
  animation: '',
  navbar: 'navbar-sticky',
  semidark: 'false',
};

export type AccountingMode = 'collection' | 'operation';

export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the app keeps working for this page.
  }
}

export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readItem(key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // nothing to clear
  }
}

/** Writes SPEC's default display preferences for any that are missing. */
export function ensureDisplayDefaults(): void {
  for (const [name, key] of Object.entries(DISPLAY_KEYS)) {
    if (readItem(key) === null) writeItem(key, DISPLAY_DEFAULTS[name as keyof typeof DISPLAY_KEYS]);
  }
}

export function readAccountingMode(): AccountingMode {
  return readItem(SESSION_KEYS.accountingMode) === 'operation' ? 'operation' : 'collection';
}
