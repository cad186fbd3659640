import { dec } from './money.ts';
import {
  isIssued,
  type NumberBlock,
  netAddsUp,
  type OfflineWeighing,
  type WeighingLimitValues,
  withinLimits,
} from './receipt-numbers.ts';

/**
 * What the server knows, when a receipt weighed offline arrives, of the rules at the time of
 * syncing (#29). Every field is read in one query; the judgement below is pure.
 */
export interface OfflineReceiptFacts extends OfflineWeighing {
  deviceActive: boolean;
  /** The device's own number prefix (`MKW01-D03`) and the receipt's. */
  numberPrefixOk: boolean;
  /** The running number of the receipt, and the device's blocks for the receipt's season. */
  runningNo: number | null;
  blocks: readonly NumberBlock[];
  numberTaken: boolean;
  farmerFound: boolean;
  farmerActive: boolean;
  farmerOfDeviceSociety: boolean;
  seasonOpen: boolean;
  seasonCropActive: boolean;
  gradeOfCrop: boolean;
  collectedOn: string;
  today: string;
  seasonStart: string;
  seasonEnd: string;
  periodLocked: boolean;
  maxMoisture: string;
  moisturePolicy: string;
  limits: WeighingLimitValues;
}

export type OfflineFlag =
  | 'device_retired'
  | 'number_not_issued'
  | 'number_taken'
  | 'net_differs'
  | 'farmer_unknown'
  | 'farmer_moved'
  | 'farmer_inactive'
  | 'season_closed'
  | 'crop_inactive'
  | 'grade_withdrawn'
  | 'date_in_future'
  | 'date_outside_season'
  | 'period_locked'
  | 'moisture_too_high'
  | 'outside_limits';

/**
 * Why a receipt cannot be stored as it is (the first reason, in this order), or null when it can.
 * Nothing here refuses a receipt: the server keeps a flagged one for the manager's review.
 */
export function offlineFlagOf(f: OfflineReceiptFacts): OfflineFlag | null {
  if (!f.deviceActive) return 'device_retired';
  if (!f.numberPrefixOk || f.runningNo === null || !isIssued(f.blocks, f.runningNo))
    return 'number_not_issued';
  if (f.numberTaken) return 'number_taken';
  if (!netAddsUp(f)) return 'net_differs';
  if (!f.farmerFound) return 'farmer_unknown';
  if (!f.farmerOfDeviceSociety) return 'farmer_moved';
  if (!f.farmerActive) return 'farmer_inactive';
  if (!f.seasonOpen) return 'season_closed';
  if (!f.seasonCropActive) return 'crop_inactive';
  if (!f.gradeOfCrop) return 'grade_withdrawn';
  if (f.collectedOn > f.today) return 'date_in_future';
  if (f.collectedOn < f.seasonStart || f.collectedOn > f.seasonEnd) return 'date_outside_season';
  if (f.periodLocked) return 'period_locked';
  if (dec(f.moisture).gt(f.maxMoisture) && f.moisturePolicy !== 'flag') return 'moisture_too_high';
  if (!withinLimits(f, f.limits)) return 'outside_limits';
  return null;
}

/** Flags the manager cannot approve past: the receipt could not become a collection as it is. */
export const UNAPPROVABLE: ReadonlySet<OfflineFlag> = new Set([
  'number_taken',
  'net_differs',
  'farmer_unknown',
]);
