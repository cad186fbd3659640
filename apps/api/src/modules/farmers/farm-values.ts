import type { farmBody } from '@ushirika/contracts';
import type { z } from 'zod';

type FarmInput = Partial<z.infer<typeof farmBody>>;

/** A farm as the table stores it: the point split into two numeric columns, the boundary as JSON. */
export function farmColumns(farm: FarmInput) {
  const { location, ...rest } = farm;
  return {
    ...rest,
    ...(location === undefined
      ? {}
      : {
          latitude: location ? String(location.lat) : null,
          longitude: location ? String(location.lng) : null,
        }),
  };
}

export function farmValues(farmerId: string, farm: z.infer<typeof farmBody>) {
  return { ...farmColumns(farm), name: farm.name, acres: farm.acres, farmerId };
}
