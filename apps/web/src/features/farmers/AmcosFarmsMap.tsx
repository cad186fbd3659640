import type { AmcosDetail } from '@ushirika/contracts';
import { FarmMap } from '../../components/FarmMap.tsx';
import { useFarmPoints } from './hooks.ts';

/** At most this many farms on the society's map: more would not be readable, and slow to draw. */
const MOST_FARMS = 2000;

/** A society on the map with its farmers' farms, for the AMCOS details page. */
export function AmcosFarmsMap({ society: a }: { society: AmcosDetail }) {
  const points = useFarmPoints({ amcos_id: a.id });
  const mapPoints = [
    ...(a.location ? [{ id: a.id, lat: a.location.lat, lng: a.location.lng, label: a.name }] : []),
    ...(points.data ?? [])
      .slice(0, MOST_FARMS)
      .map((p) => ({ id: p.farmId, lat: p.lat, lng: p.lng, label: `${p.farmerNo} ${p.farmerName}` })),
  ];
  return <FarmMap points={mapPoints} height={300} testId="amcos-map" />;
}
