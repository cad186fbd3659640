import { describe, expect, it } from 'vitest';
import { farmerName } from './people.ts';
import { apexPlan, FARMERS_PER_AMCOS } from './plan.ts';
import { farmersPerLot, LOTS } from './settlement.ts';

describe('the apex plan', () => {
  it("is the issue's size at scale 1", () => {
    const plan = apexPlan(1);
    expect(plan.farmers).toBe(1_000_000);
    expect(plan.collections).toBe(10_000_000);
    expect(plan.entries * 2).toBe(50_000_000);
    expect(plan.amcos * FARMERS_PER_AMCOS).toBe(plan.farmers);
  });

  it('keeps 20 AMCOS (one per clerk) and whole AMCOS at a small scale', () => {
    const plan = apexPlan(0.01);
    expect(plan.amcos).toBe(20);
    expect(plan.farmers).toBe(10_000);
    expect(plan.collections).toBe(100_000);
    expect(plan.entries).toBe(250_000);
  });

  it('refuses a scale outside (0, 1]', () => {
    expect(() => apexPlan(0)).toThrow(/APEX_SCALE/);
    expect(() => apexPlan(1.5)).toThrow(/APEX_SCALE/);
    expect(() => apexPlan(Number.NaN)).toThrow(/APEX_SCALE/);
  });

  it("fills each settlement lot with farmers of one AMCOS, and the auction's farmers fit", () => {
    for (const scale of [0.01, 0.013, 0.1, 0.37, 1]) {
      const plan = apexPlan(scale);
      const perLot = farmersPerLot(plan.farmers);
      expect(FARMERS_PER_AMCOS % perLot).toBe(0);
      expect(perLot * LOTS).toBeLessThanOrEqual(plan.farmers);
    }
    expect(farmersPerLot(apexPlan(1).farmers)).toBe(100);
  });

  it('names farmers from the name lists, the same farmer the same name', () => {
    const a = farmerName(12_345);
    expect(a.first.length).toBeGreaterThan(1);
    expect(a.last.length).toBeGreaterThan(1);
    expect(farmerName(12_345)).toEqual(a);
    const firsts = new Set(Array.from({ length: 200 }, (_, i) => farmerName(i + 1).first));
    expect(firsts.size).toBeGreaterThan(20);
  });
});
