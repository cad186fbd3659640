import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.ts';
import { phaseTimer } from './phase-timer.ts';

const base = { JWT_SECRET: 'x'.repeat(40) };

describe('settlement phase timer', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is switched by SETTLEMENT_TIMING through the configuration, off by default, a bad value named', () => {
    expect(loadConfig(base).settlementTiming).toBe(false);
    expect(loadConfig({ ...base, SETTLEMENT_TIMING: '1' }).settlementTiming).toBe(true);
    expect(() => loadConfig({ ...base, SETTLEMENT_TIMING: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SETTLEMENT_TIMING: 'maybe' })).toThrow(/SETTLEMENT_TIMING/);
  });

  it('prints a line per phase only when enabled', () => {
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    phaseTimer(false)('lock lots');
    expect(write).not.toHaveBeenCalled();
    phaseTimer(true)('lock lots');
    expect(write).toHaveBeenCalledWith(expect.stringMatching(/^settlement lock lots: \d+ ms\n$/));
  });
});
