import { area } from '@turf/area';
import { kinks } from '@turf/kinks';
import { dec } from './money.ts';

/**
 * The checks a farm's geolocation passes before it goes into a due-diligence file (EU deforestation
 * regulation, #33). Geometry is measured with Turf (spherical area, self-intersections); areas are
 * decimals on the way out.
 */

/** One international acre in hectares, exactly (0.0404685642 km² x 10). */
export const HECTARES_PER_ACRE = '0.40468564224';
/** Above this a plot must be a polygon; a point is enough at or below it (EUDR art. 2(28)). */
export const POINT_LIMIT_HA = '4';
/** A polygon whose measured area differs from the declared one by more than this share is listed. */
export const AREA_GAP_SHARE = '0.2';

export type Position = [number, number];
export type PlotIssueCode =
  | 'no_location'
  | 'ring_open'
  | 'too_few_corners'
  | 'self_intersection'
  | 'point_over_limit'
  | 'area_gap';
export type PlotIssue = { code: PlotIssueCode; blocking: boolean; detail: string };

export type PlotInput = {
  /** The farm's registered size, in acres (the farmers' register keeps acres). */
  acres: string;
  point: Position | null;
  /** The boundary's outer ring, [longitude, latitude] pairs, first repeated last. */
  ring: Position[] | null;
};

export type PlotCheck = {
  declaredHa: string;
  /** The polygon's area on the sphere, 4 decimals; null for a point or an unusable ring. */
  measuredHa: string | null;
  geometry: 'polygon' | 'point' | 'none';
  issues: PlotIssue[];
};

export const acresToHectares = (acres: string): string => dec(acres).times(HECTARES_PER_ACRE).toFixed(4);

const samePosition = (a: Position | undefined, b: Position | undefined) =>
  !!a && !!b && a[0] === b[0] && a[1] === b[1];

/** Square metres as hectares to 4 places; the measured figure is a float from Turf, taken once here. */
const squareMetresToHa = (m2: number) => dec(m2.toFixed(2)).dividedBy(10_000).toFixed(4);

function checkRing(ring: Position[], declaredHa: string): Omit<PlotCheck, 'declaredHa' | 'geometry'> {
  if (ring.length < 4) {
    return {
      measuredHa: null,
      issues: [{ code: 'too_few_corners', blocking: true, detail: `${ring.length} points` }],
    };
  }
  if (!samePosition(ring[0], ring[ring.length - 1])) {
    return { measuredHa: null, issues: [{ code: 'ring_open', blocking: true, detail: '' }] };
  }
  const polygon = { type: 'Polygon' as const, coordinates: [ring] };
  const issues: PlotIssue[] = [];
  const crossings = kinks(polygon).features;
  const first = crossings[0]?.geometry.coordinates;
  if (first) {
    // A crossing ring has no area of its own (its halves' signed areas cancel): nothing to compare.
    const detail = `${first[0]?.toFixed(6)}, ${first[1]?.toFixed(6)}`;
    return { measuredHa: null, issues: [{ code: 'self_intersection', blocking: true, detail }] };
  }
  const measuredHa = squareMetresToHa(area(polygon));
  const declared = dec(declaredHa);
  if (
    declared.isZero() ||
    dec(measuredHa).minus(declared).abs().dividedBy(declared).greaterThan(AREA_GAP_SHARE)
  ) {
    issues.push({ code: 'area_gap', blocking: false, detail: `${measuredHa} / ${declaredHa}` });
  }
  return { measuredHa, issues };
}

/** A farm's geometry checked: polygon first when it has one, else its point, else nothing. */
export function checkPlot(plot: PlotInput): PlotCheck {
  const declaredHa = acresToHectares(plot.acres);
  if (plot.ring) return { declaredHa, geometry: 'polygon', ...checkRing(plot.ring, declaredHa) };
  if (plot.point) {
    const issues: PlotIssue[] = dec(declaredHa).greaterThan(POINT_LIMIT_HA)
      ? [{ code: 'point_over_limit', blocking: true, detail: declaredHa }]
      : [];
    return { declaredHa, geometry: 'point', measuredHa: null, issues };
  }
  return {
    declaredHa,
    geometry: 'none',
    measuredHa: null,
    issues: [{ code: 'no_location', blocking: true, detail: '' }],
  };
}

/**
 * A coordinate as the file writes it: at least 6 decimals (about 0.1 m), more when the stored
 * figure has them, so nothing recorded is rounded away.
 */
export function coordinateText(value: number): string {
  const own = String(value).split('.')[1]?.length ?? 0;
  return value.toFixed(Math.min(Math.max(6, own), 12));
}
