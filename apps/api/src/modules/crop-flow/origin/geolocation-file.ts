import type { OriginFarm } from '@ushirika/contracts';
import { coordinateText } from '@ushirika/domain';
import { ConflictError } from '../../../platform/errors.ts';

/**
 * The EU deforestation regulation's geolocation file (#33): a GeoJSON FeatureCollection in WGS84,
 * longitude first, one feature per farm, with the properties the EU information system reads
 * (ProducerCountry, ProducerName, ProductionPlace, Area in hectares); and a CSV of the same rows.
 */

/** The EU information system's limit for one uploaded geolocation file. */
export const MAX_GEOLOCATION_BYTES = 25 * 1024 * 1024;
export const PRODUCER_COUNTRY = 'TZ';

export const productionPlace = (f: Pick<OriginFarm, 'village' | 'ward' | 'district'>) =>
  [f.village, f.ward, f.district].filter((part) => part && part.trim() !== '').join(', ');

/** A polygon's area is the one measured from it; a point's is the farm's declared area. */
export const fileArea = (f: OriginFarm) =>
  f.geometry === 'polygon' && f.measuredHa ? f.measuredHa : f.declaredHa;

const position = ([lng, lat]: [number, number]) => `[${coordinateText(lng)},${coordinateText(lat)}]`;

function geometryText(f: OriginFarm): string {
  const ring = f.boundary?.coordinates[0];
  if (f.geometry === 'polygon' && ring)
    return `{"type":"Polygon","coordinates":[[${ring.map(position).join(',')}]]}`;
  if (f.location) return `{"type":"Point","coordinates":${position([f.location.lng, f.location.lat])}}`;
  return 'null';
}

/** Written by hand, not JSON.stringify, so coordinates keep their 6 decimals (JSON drops trailing zeros). */
function featureText(f: OriginFarm): string {
  const properties = JSON.stringify({
    ProducerCountry: PRODUCER_COUNTRY,
    ProducerName: f.producerName,
    ProductionPlace: productionPlace(f),
  });
  return `{"type":"Feature","id":${JSON.stringify(f.id)},"geometry":${geometryText(f)},"properties":${properties.slice(0, -1)},"Area":${fileArea(f)}}}`;
}

/**
 * Refuses while a farm has a blocking issue (unless a draft is asked for: to look at, not to file),
 * and above the size limit; answers the file's text.
 */
export function geolocationFile(
  farms: OriginFarm[],
  { draft, limit = MAX_GEOLOCATION_BYTES }: { draft: boolean; limit?: number },
): string {
  const blocked = farms.filter((f) => f.issues.some((i) => i.blocking));
  if (blocked.length > 0 && !draft) {
    const names = blocked
      .slice(0, 3)
      .map((f) => `${f.producerName} (${f.farmName})`)
      .join(', ');
    throw new ConflictError(
      `${blocked.length} farm(s) block the geolocation file: ${names}${blocked.length > 3 ? '…' : ''}. Correct their boundaries or points first`,
    );
  }
  const text = `{"type":"FeatureCollection","features":[${farms.map(featureText).join(',')}]}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > limit) {
    const mb = (bytes / 1024 / 1024).toFixed(1);
    throw new ConflictError(
      `The geolocation file would be ${mb} MB, over the ${limit / 1024 / 1024} MB the EU information system accepts: make one file per lot`,
    );
  }
  return text;
}

/** The EUDR's own field names, never translated (a system reads them). */
const csvColumns: { name: string; value: (f: OriginFarm) => string }[] = [
  { name: 'ProducerCountry', value: () => PRODUCER_COUNTRY },
  { name: 'ProducerName', value: (f) => f.producerName },
  { name: 'FarmerNo', value: (f) => f.farmerNo },
  { name: 'FarmName', value: (f) => f.farmName },
  { name: 'ProductionPlace', value: productionPlace },
  { name: 'Area', value: fileArea },
  { name: 'DeclaredArea', value: (f) => f.declaredHa },
  {
    name: 'GeometryType',
    value: (f) => (f.geometry === 'none' ? '' : f.geometry === 'polygon' ? 'Polygon' : 'Point'),
  },
  { name: 'Longitude', value: (f) => (f.location ? coordinateText(f.location.lng) : '') },
  { name: 'Latitude', value: (f) => (f.location ? coordinateText(f.location.lat) : '') },
  { name: 'Geometry', value: wkt },
  { name: 'Issues', value: (f) => f.issues.map((i) => i.code).join(' ') },
];

/** The geometry as WKT (longitude latitude), which spreadsheets and GIS tools read. */
function wkt(f: OriginFarm): string {
  const ring = f.boundary?.coordinates[0];
  const pair = ([lng, lat]: [number, number]) => `${coordinateText(lng)} ${coordinateText(lat)}`;
  if (f.geometry === 'polygon' && ring) return `POLYGON((${ring.map(pair).join(', ')}))`;
  return f.location ? `POINT(${pair([f.location.lng, f.location.lat])})` : '';
}

/**
 * A cell quoted when it must be; text starting like a formula is neutralised, but a signed number
 * (every latitude south of the equator) stays a number, unlike the list exports' cells.
 */
function csvCell(text: string): string {
  const safe = /^[=+\-@]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The same rows as a CSV for the buyer's own checks, headers as the GeoJSON names them. */
export function geolocationCsv(farms: OriginFarm[]): string {
  const lines = [csvColumns.map((c) => c.name).join(',')];
  for (const f of farms) lines.push(csvColumns.map((c) => csvCell(c.value(f))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
