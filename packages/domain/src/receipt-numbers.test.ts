import { describe, expect, it } from 'vitest';
import { type OfflineReceiptFacts, offlineFlagOf } from './offline-receipts.ts';
import {
  firstFreeNumber,
  formatReceiptNo,
  isIssued,
  nextBlock,
  numbersLeft,
  parseReceiptNo,
  withinLimits,
} from './receipt-numbers.ts';

describe('receipt numbers of a device', () => {
  const blocks = [
    { firstNo: 1, lastNo: 500 },
    { firstNo: 501, lastNo: 1000 },
  ];

  it('formats and reads back MKW01-D03-2026-000123', () => {
    const no = formatReceiptNo('MKW01', 'D03', 2026, 123);
    expect(no).toBe('MKW01-D03-2026-000123');
    expect(parseReceiptNo(no)).toEqual({ prefix: 'MKW01-D03', year: 2026, n: 123 });
    expect(parseReceiptNo('RC-MKW01-2026-000001')).toEqual({ prefix: 'RC-MKW01', year: 2026, n: 1 });
    expect(parseReceiptNo('nonsense')).toBeNull();
  });

  it('counts what is left and finds the next free number across blocks', () => {
    expect(numbersLeft(blocks, 1)).toBe(1000);
    expect(numbersLeft(blocks, 451)).toBe(550);
    expect(numbersLeft(blocks, 1001)).toBe(0);
    expect(firstFreeNumber(blocks, 500)).toBe(500);
    expect(
      firstFreeNumber(
        [
          { firstNo: 1, lastNo: 10 },
          { firstNo: 21, lastNo: 30 },
        ],
        11,
      ),
    ).toBe(21);
    expect(firstFreeNumber(blocks, 1001)).toBeNull();
  });

  it('issues the next block after the highest, never overlapping', () => {
    expect(nextBlock([], 500)).toEqual({ firstNo: 1, lastNo: 500 });
    expect(nextBlock(blocks, 500)).toEqual({ firstNo: 1001, lastNo: 1500 });
    expect(isIssued(blocks, 1000)).toBe(true);
    expect(isIssued(blocks, 1001)).toBe(false);
  });

  it('holds a weighing to the society limits per bag and per receipt', () => {
    const w = { bags: 2, grossKg: '162', tareKg: '2', netKg: '160.000', moisture: '8' };
    expect(withinLimits(w, { maxKgPerBag: null, maxNetKg: null })).toBe(true);
    expect(withinLimits(w, { maxKgPerBag: '80', maxNetKg: null })).toBe(true);
    expect(withinLimits(w, { maxKgPerBag: '79.999', maxNetKg: null })).toBe(false);
    expect(withinLimits(w, { maxKgPerBag: null, maxNetKg: '159.999' })).toBe(false);
  });
});

describe('the server judging a receipt weighed offline', () => {
  const fine: OfflineReceiptFacts = {
    deviceActive: true,
    numberPrefixOk: true,
    runningNo: 7,
    blocks: [{ firstNo: 1, lastNo: 500 }],
    numberTaken: false,
    farmerFound: true,
    farmerActive: true,
    farmerOfDeviceSociety: true,
    seasonOpen: true,
    seasonCropActive: true,
    gradeOfCrop: true,
    collectedOn: '2026-11-20',
    today: '2026-11-28',
    seasonStart: '2026-10-01',
    seasonEnd: '2027-03-31',
    periodLocked: false,
    maxMoisture: '10',
    moisturePolicy: 'refuse',
    limits: { maxKgPerBag: null, maxNetKg: null },
    bags: 2,
    grossKg: '162',
    tareKg: '2',
    netKg: '160',
    moisture: '8.5',
  };

  it('stores a receipt every rule still holds for', () => {
    expect(offlineFlagOf(fine)).toBeNull();
    expect(offlineFlagOf({ ...fine, moisture: '12', moisturePolicy: 'flag' })).toBeNull();
  });

  it('names the first rule that no longer holds', () => {
    expect(offlineFlagOf({ ...fine, deviceActive: false })).toBe('device_retired');
    expect(offlineFlagOf({ ...fine, runningNo: 501 })).toBe('number_not_issued');
    expect(offlineFlagOf({ ...fine, numberPrefixOk: false })).toBe('number_not_issued');
    expect(offlineFlagOf({ ...fine, numberTaken: true })).toBe('number_taken');
    expect(offlineFlagOf({ ...fine, netKg: '160.001' })).toBe('net_differs');
    expect(offlineFlagOf({ ...fine, farmerFound: false })).toBe('farmer_unknown');
    expect(offlineFlagOf({ ...fine, farmerOfDeviceSociety: false })).toBe('farmer_moved');
    expect(offlineFlagOf({ ...fine, farmerActive: false })).toBe('farmer_inactive');
    expect(offlineFlagOf({ ...fine, seasonOpen: false })).toBe('season_closed');
    expect(offlineFlagOf({ ...fine, seasonCropActive: false })).toBe('crop_inactive');
    expect(offlineFlagOf({ ...fine, gradeOfCrop: false })).toBe('grade_withdrawn');
    expect(offlineFlagOf({ ...fine, collectedOn: '2026-11-29' })).toBe('date_in_future');
    expect(offlineFlagOf({ ...fine, collectedOn: '2026-09-30' })).toBe('date_outside_season');
    expect(offlineFlagOf({ ...fine, periodLocked: true })).toBe('period_locked');
    expect(offlineFlagOf({ ...fine, moisture: '10.01' })).toBe('moisture_too_high');
    expect(offlineFlagOf({ ...fine, limits: { maxKgPerBag: null, maxNetKg: '100' } })).toBe('outside_limits');
  });
});
