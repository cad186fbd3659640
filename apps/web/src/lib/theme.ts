import { createTheme, type MantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { DISPLAY_KEYS, readItem, writeItem } from './storage.ts';

/** SPEC's theme preference is light, dark or system; Mantine calls "system" auto. */
export type ThemePreference = 'light' | 'dark' | 'system';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

export function toColorScheme(preference: string | null): MantineColorScheme {
  if (preference === 'dark' || preference === 'light') return preference;
  return preference === 'system' ? 'auto' : 'light';
}

export function toPreference(scheme: MantineColorScheme): ThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

/** Keeps Mantine's colour scheme in SPEC's `theme` storage item, shared across tabs. */
export function themeStorageManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | null = null;
  return {
    get: (defaultValue) => {
      const stored = readItem(DISPLAY_KEYS.theme);
      return stored === null ? defaultValue : toColorScheme(stored);
    },
    set: (value) => writeItem(DISPLAY_KEYS.theme, toPreference(value)),
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.key === DISPLAY_KEYS.theme) onUpdate(toColorScheme(event.newValue));
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = null;
    },
    clear: () => writeItem(DISPLAY_KEYS.theme, null),
  };
}

export { accessibleColors as cssVariablesResolver } from './theme-contrast.ts';

export const theme = createTheme({
  primaryColor: 'teal',
  // Teal 9 carries white text at 5:1 and reads at 5:1 as text on white (issue #20).
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '600' },
  // Modals, menus and collapses open at once for users who ask the system for less motion.
  respectReducedMotion: true,
  components: {
    // SPEC section 9 layering: modal 1100, overlays and menus 1000, tooltips (Popper defaults) 9999.
    Modal: { defaultProps: { zIndex: 1100 } },
    // The close button's name is set where the language is known (app/providers.tsx).
    Drawer: { defaultProps: { zIndex: 1000 } },
    Menu: { defaultProps: { zIndex: 1000 } },
    Tooltip: { defaultProps: { position: 'bottom', offset: 12, zIndex: 9999, openDelay: 0, closeDelay: 0 } },
    // A date field's calendar (any popover) and option lists open above the modal that holds them.
    Popover: { defaultProps: { zIndex: 1200 } },
    Select: { defaultProps: { comboboxProps: { zIndex: 1200 } } },
    MultiSelect: { defaultProps: { comboboxProps: { zIndex: 1200 } } },
    // "Nothing found" stands in an option list with no options (no suppliers yet, or still
    // loading): as a disabled option it is read out, and the list is never an empty listbox
    // (axe aria-required-children, on the new purchase order's supplier).
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true } },
    // A table wider than a phone scrolls inside its container: the keyboard can reach and scroll
    // it even when its rows hold no link (axe scrollable-region-focusable, issue #20).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
  },
});
