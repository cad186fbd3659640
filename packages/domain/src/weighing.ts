import { dec, sum } from './money.ts';

/** A kg figure as a clerk types it: up to 12 whole digits and 3 decimals. */
const KG = /^\d{1,12}(\.\d{1,3})?$/;
/** A moisture percentage as typed: up to 3 whole digits and 2 decimals. */
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** The net a scale reading gives, while the clerk types it. */
export interface NetReading {
  /** gross − tare with 3 decimals, or null while either is not a kg figure yet. */
  netKg: string | null;
  /** The tare is not below the gross: the weighing cannot be saved (the API refuses it too). */
  tareTooHeavy: boolean;
}

/** Reads gross and tare as typed (spaces around them ignored) into the net the receipt will show. */
export function readNet(grossKg: string, tareKg: string): NetReading {
  const gross = grossKg.trim();
  const tare = tareKg.trim();
  if (!KG.test(gross) || !KG.test(tare)) return { netKg: null, tareTooHeavy: false };
  const net = dec(gross).minus(tare);
  return { netKg: net.toFixed(3), tareTooHeavy: net.lte(0) };
}

/** What the season crop's moisture rule makes of a reading: fine, saved but flagged, or refused. */
export type MoistureVerdict = 'ok' | 'flag' | 'too-wet';

/**
 * Above the season crop's maximum, a reading is flagged when the policy is `flag` and refused
 * otherwise (`refuse`); at or below it, or while it is not a percentage yet, it is fine.
 */
export function moistureVerdict(moisture: string, maxMoisture: string, policy: string): MoistureVerdict {
  const typed = moisture.trim();
  if (!PERCENT.test(typed) || !dec(typed).gt(maxMoisture)) return 'ok';
  return policy === 'flag' ? 'flag' : 'too-wet';
}

/** How many farmers a weighing session has saved, and their net kg together (3 decimals). */
export interface WeighingTally {
  farmers: number;
  kg: string;
}

export const emptyTally: WeighingTally = { farmers: 0, kg: '0.000' };

/** The tally after one more farmer's saved weighing of `netKg`. */
export function addToTally(tally: WeighingTally, netKg: string): WeighingTally {
  return { farmers: tally.farmers + 1, kg: sum([tally.kg, netKg]).toFixed(3) };
}
