import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';

// theme.ts reads the page's storage when it loads: give it the one object it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { LOT_COLORS } = await import('./lot-colors.ts');
const { theme } = await import('../../lib/theme.ts');
const { contrastRatio } = await import('../../lib/theme-contrast.ts');

const full = mergeMantineTheme(DEFAULT_THEME, theme);
/** A chart colour written as "gray.6": the theme's shade. */
const shade = (color: string) => {
  const [name = '', index = ''] = color.split('.');
  const value = full.colors[name]?.[Number(index)];
  if (!value) throw new Error(`${color} is not a theme shade`);
  return value;
};

describe('the dashboard lots chart in both themes (issue #20)', () => {
  it('draws "Released" in a shade that stands 3:1 off the light and the dark page', () => {
    const released = shade(LOT_COLORS.released);
    const darkPage = full.colors.dark[7] ?? '#242424';
    expect(contrastRatio(released, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(released, darkPage)).toBeGreaterThanOrEqual(3);
  });
});
