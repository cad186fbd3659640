import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen matches a media query, right from the first render. Mantine's default reads
 * it in a layout effect after mounting, so on a phone every screen was drawn for a wide screen and
 * then, synchronously before the first paint, drawn again for the narrow one (the offline opening,
 * #29). There is no server rendering here to wait for.
 */
export function useMedia(query: string): boolean {
  return useMediaQuery(query, undefined, { getInitialValueInEffect: false }) ?? false;
}
