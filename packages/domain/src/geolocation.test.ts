import { describe, expect, it } from 'vitest';
import { acresToHectares, checkPlot, coordinateText, type Position } from './geolocation.ts';

const R = 6_371_008.8; // the mean Earth radius Turf measures with, in metres
const rad = (deg: number) => (deg * Math.PI) / 180;

/** A lat/lng rectangle's area on the sphere by hand: R² x Δλ x |sin φ2 - sin φ1|, in hectares. */
const rectangleHa = (south: number, dLat: number, dLng: number) =>
  (R * R * rad(dLng) * Math.abs(Math.sin(rad(south + dLat)) - Math.sin(rad(south)))) / 10_000;

const rectangle = (south: number, west: number, dLat: number, dLng: number): Position[] => [
  [west, south],
  [west + dLng, south],
  [west + dLng, south + dLat],
  [west, south + dLat],
  [west, south],
];

describe('a plot checked before the geolocation file', () => {
  it('turns acres into hectares exactly', () => {
    expect(acresToHectares('1.00')).toBe('0.4047');
    expect(acresToHectares('14.83')).toBe('6.0015');
  });

  it('measures a polygon on the sphere within 1 % of the hand figure', () => {
    // 0.002° x 0.002° near Mtwara (10.3° S): 222.4 m x 218.8 m = 4.8665 ha by hand.
    const hand = rectangleHa(-10.3, 0.002, 0.002);
    const check = checkPlot({ acres: '12.00', point: null, ring: rectangle(-10.3, 40.1, 0.002, 0.002) });
    expect(check.geometry).toBe('polygon');
    expect(Math.abs(Number(check.measuredHa) / hand - 1)).toBeLessThan(0.01);
    expect(check.issues).toEqual([]);
  });

  it('lists a large gap between measured and declared area, without blocking', () => {
    const check = checkPlot({ acres: '2.00', point: null, ring: rectangle(-10.3, 40.1, 0.002, 0.002) });
    expect(check.issues.map((i) => [i.code, i.blocking])).toEqual([['area_gap', false]]);
  });

  it('blocks a self-intersecting ring (a bow tie) and an open one', () => {
    const bowTie: Position[] = [
      [40.1, -10.3],
      [40.102, -10.298],
      [40.102, -10.3],
      [40.1, -10.298],
      [40.1, -10.3],
    ];
    const crossed = checkPlot({ acres: '1.00', point: null, ring: bowTie });
    expect(crossed).toMatchObject({
      measuredHa: null,
      issues: [{ code: 'self_intersection', blocking: true, detail: '40.101000, -10.299000' }],
    });
    const open = checkPlot({
      acres: '1.00',
      point: null,
      ring: rectangle(-10.3, 40.1, 0.001, 0.001).slice(0, 4),
    });
    expect(open.issues).toEqual([{ code: 'ring_open', blocking: true, detail: '' }]);
  });

  it('blocks a point over 4 ha and a farm with no location; a point of 4 ha or less passes', () => {
    const six = checkPlot({ acres: '14.83', point: [40.1, -10.3], ring: null });
    expect(six.issues).toEqual([{ code: 'point_over_limit', blocking: true, detail: '6.0015' }]);
    expect(checkPlot({ acres: '9.88', point: [40.1, -10.3], ring: null }).issues).toEqual([]); // 3.9983 ha
    expect(checkPlot({ acres: '1.00', point: null, ring: null }).issues[0]?.code).toBe('no_location');
  });

  it('writes coordinates with at least 6 decimals and keeps finer ones', () => {
    expect(coordinateText(40.1)).toBe('40.100000');
    expect(coordinateText(-10.12345678)).toBe('-10.12345678');
  });
});
