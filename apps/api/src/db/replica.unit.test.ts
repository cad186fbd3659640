import { describe, expect, it } from 'vitest';
import { ReplicaMonitor, recoveryConflict, replicaGone, replicaVerdict } from './replica.ts';

describe('replicaVerdict (#34)', () => {
  it('a standby within the lag setting takes the reports; beyond it, or unknown, the primary does', () => {
    expect(replicaVerdict({ inRecovery: true, lagSeconds: 0 }, 30)).toEqual({
      source: 'replica',
      lagSeconds: 0,
    });
    expect(replicaVerdict({ inRecovery: true, lagSeconds: 30 }, 30)).toEqual({
      source: 'replica',
      lagSeconds: 30,
    });
    expect(replicaVerdict({ inRecovery: true, lagSeconds: 30.5 }, 30)).toEqual({
      source: 'primary',
      reason: 'behind',
      lagSeconds: 30.5,
    });
    expect(replicaVerdict({ inRecovery: true, lagSeconds: null }, 30)).toMatchObject({ reason: 'behind' });
  });

  it('no answer, or a server that is no longer a standby, is unavailable', () => {
    expect(replicaVerdict(new Error('connect ECONNREFUSED'), 30)).toEqual({
      source: 'primary',
      reason: 'unavailable',
      lagSeconds: null,
      error: 'connect ECONNREFUSED',
    });
    expect(replicaVerdict({ inRecovery: false, lagSeconds: null }, 30)).toMatchObject({
      reason: 'unavailable',
    });
  });
});

describe('ReplicaMonitor', () => {
  it('looks at most once per interval, shares a look between concurrent callers, and times a look out', async () => {
    let now = 0;
    let looks = 0;
    const monitor = new ReplicaMonitor(
      async () => {
        looks += 1;
        return { inRecovery: true, lagSeconds: looks };
      },
      30,
      { everyMs: 2000, now: () => now },
    );
    const [a, b] = await Promise.all([monitor.current(), monitor.current()]);
    expect(a).toEqual({ source: 'replica', lagSeconds: 1 });
    expect(b).toBe(a);
    now = 1999;
    expect(await monitor.current()).toBe(a);
    now = 2000;
    expect(await monitor.current()).toEqual({ source: 'replica', lagSeconds: 2 });
    expect(monitor.markUnavailable(new Error('gone'))).toMatchObject({ reason: 'unavailable' });
    expect(await monitor.current()).toMatchObject({ reason: 'unavailable' });

    const hanging = new ReplicaMonitor(() => new Promise(() => {}), 30, { timeoutMs: 20 });
    expect(await hanging.current()).toMatchObject({ reason: 'unavailable', error: 'no answer within 20 ms' });
  });
});

describe('replica errors', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it('tells a replica that went away from a wrong report, through drizzle’s wrapping', () => {
    expect(replicaGone(withCode('connect ECONNREFUSED 127.0.0.1:1', 'ECONNREFUSED'))).toBe(true);
    expect(
      replicaGone(new Error('Failed query', { cause: withCode('terminating connection', '57P01') })),
    ).toBe(true);
    expect(replicaGone(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(replicaGone(withCode('division by zero', '22012'))).toBe(false);
    expect(recoveryConflict(withCode('canceling statement due to conflict with recovery', '40001'))).toBe(
      true,
    );
    expect(recoveryConflict(withCode('could not serialize access', '40001'))).toBe(false);
  });
});
