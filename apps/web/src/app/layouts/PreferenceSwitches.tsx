import { ActionIcon, Button, Menu, Tooltip, useMantineColorScheme } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconLanguage, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chooseLocale, LOCALES, type Locale } from '../../lib/i18n.ts';
import { THEME_PREFERENCES, type ThemePreference, toColorScheme, toPreference } from '../../lib/theme.ts';

const THEME_ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;
const LOCALE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili' };

/** Light, dark or system (follows the operating system), kept in the `theme` storage item. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = toPreference(colorScheme);
  const CurrentIcon = THEME_ICONS[current];
  const label = t('header.themeCurrent', { theme: t(`header.themes.${current}`) });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} data-testid="theme-switch">
            <CurrentIcon size={18} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.theme')}</Menu.Label>
        {THEME_PREFERENCES.map((preference: ThemePreference) => {
          const Icon = THEME_ICONS[preference];
          return (
            <Menu.Item
              key={preference}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={preference === current ? <IconCheck size={14} aria-hidden /> : null}
              onClick={() => setColorScheme(toColorScheme(preference))}
              data-testid={`theme-option-${preference}`}
            >
              {t(`header.themes.${preference}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * English or Swahili, kept in the `i18n_locale` storage item; `onChosen` is told of a change (the
 * signed-in header keeps it on the user's record, for their SMS).
 */
export function LanguageSwitch({ onChosen }: { onChosen?: (locale: Locale) => void }) {
  const { t, i18n } = useTranslation();
  const current = LOCALES.find((locale) => locale === i18n.language) ?? 'en';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          aria-label={t('a11y.languageButton', {
            code: current.toUpperCase(),
            language: LOCALE_NAMES[current],
          })}
          data-testid="language-switch"
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LOCALES.map((locale) => (
          <Menu.Item
            key={locale}
            lang={locale}
            rightSection={locale === current ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => {
              void chooseLocale(locale);
              if (locale !== current) onChosen?.(locale);
            }}
            data-testid={`language-option-${locale}`}
          >
            {LOCALE_NAMES[locale]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
