import { type CSSVariablesResolver, darken, lighten, luminance } from '@mantine/core';

/**
 * WCAG 2.1 AA contrast set once for the whole app (issue #20): text 4.5:1, controls 3:1, in both
 * colour schemes. Mantine's defaults put teal-6 text on white (2.55:1), grey-6 dimmed text
 * (3.3:1), light badges at 4.3:1 and dark-2 dimmed text on dark-7 (4.0:1); every colour's filled,
 * light and text variables are recomputed here until they pass, so no component needs a fix.
 */

const WHITE = '#ffffff';
/** A little above 4.5 so rounding in the browser never drops under it. */
const TEXT = 4.6;
const CONTROL = 3.1;

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colour darkened (or lightened) in small steps until it reaches the ratio against `on`. */
export function untilContrast(
  color: string,
  on: string,
  min: number,
  direction: 'darker' | 'lighter',
): string {
  let current = color;
  for (let step = 0; step < 40 && contrastRatio(current, on) < min; step++) {
    current = direction === 'darker' ? darken(current, 0.04) : lighten(current, 0.04);
  }
  return current;
}

export const accessibleColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    '--mantine-color-error': untilContrast(theme.colors.red[7] ?? '#f03e3e', WHITE, TEXT, 'darker'),
    '--mantine-primary-color-contrast': WHITE,
  };
  const darkSurface = theme.colors.dark[5] ?? '#3b3b3b';
  const dark: Record<string, string> = {
    '--mantine-color-dimmed': theme.colors.dark[1] ?? '#b8b8b8',
    '--mantine-color-error': untilContrast(theme.colors.red[5] ?? '#ff6b6b', darkSurface, TEXT, 'lighter'),
    '--mantine-primary-color-contrast': WHITE,
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (!Array.isArray(shades) || shades.length < 10) continue;
    const [s0, s1, , , s4, , , , , s9] = shades as string[];
    if (!s0 || !s1 || !s4 || !s9) continue;
    // Filled buttons and badges carry white text.
    const filled = untilContrast(s9, WHITE, TEXT, 'darker');
    const filledHover = darken(filled, 0.12);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
    light[`--mantine-color-${name}-text`] = filled;
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light`] = s0;
    light[`--mantine-color-${name}-light-hover`] = s1;
    light[`--mantine-color-${name}-light-color`] = untilContrast(s9, s1, TEXT, 'darker');
    dark[`--mantine-color-${name}-filled`] = filled;
    dark[`--mantine-color-${name}-filled-hover`] = filledHover;
    dark[`--mantine-color-${name}-text`] = untilContrast(s4, darkSurface, TEXT, 'lighter');
    dark[`--mantine-color-${name}-outline`] = untilContrast(s4, darkSurface, CONTROL, 'lighter');
  }
  return { variables: {}, light, dark };
};
