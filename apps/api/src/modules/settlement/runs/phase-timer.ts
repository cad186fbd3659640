/**
 * Prints how long each phase of a settlement took (bench diagnostics), when `enabled`: the
 * SETTLEMENT_TIMING setting, read once with the rest of the configuration (config.ts).
 */
export function phaseTimer(enabled = false) {
  let last = performance.now();
  return (phase: string) => {
    if (!enabled) return;
    const now = performance.now();
    process.stderr.write(`settlement ${phase}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}
