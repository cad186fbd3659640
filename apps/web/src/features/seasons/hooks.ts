import type { Crop, Season, SeasonCrop } from '@ushirika/contracts';
import { resource } from '../../lib/resource.ts';

export const crops = resource<Crop>('settings/collection/crops', { key: 'crops', audit: 'crop' });
export const seasons = resource<Season>('settings/collection/seasons', {
  key: 'seasons',
  audit: 'season',
  exportName: 'seasons',
});
export const seasonCrops = resource<SeasonCrop>('settings/collection/season-crops', {
  key: 'season-crops',
  audit: 'season_crop',
  exportName: 'season-crops',
});
