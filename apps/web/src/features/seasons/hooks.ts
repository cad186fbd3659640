import type {
  Crop,
  createSeasonBody,
  createSeasonCropBody,
  Season,
  SeasonCrop,
  updateSeasonBody,
  updateSeasonCropBody,
} from '@ushirika/contracts';
import type { z } from 'zod';
import { resource } from '../../lib/resource.ts';

export const crops = resource<Crop>('settings/collection/crops', { key: 'crops', audit: 'crop' });
export const seasons = resource<Season, z.infer<typeof createSeasonBody>, z.infer<typeof updateSeasonBody>>(
  'settings/collection/seasons',
  { key: 'seasons', audit: 'season', exportName: 'seasons' },
);
export const seasonCrops = resource<
  SeasonCrop,
  z.infer<typeof createSeasonCropBody>,
  z.infer<typeof updateSeasonCropBody>
>('settings/collection/season-crops', {
  key: 'season-crops',
  audit: 'season_crop',
  exportName: 'season-crops',
});
