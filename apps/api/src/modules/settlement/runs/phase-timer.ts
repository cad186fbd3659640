/** SETTLEMENT_TIMING=1 prints how long each phase of a settlement took (bench diagnostics). */
export function phaseTimer() {
  let last = performance.now();
  return (phase: string) => {
    if (process.env.SETTLEMENT_TIMING !== '1') return;
    const now = performance.now();
    process.stderr.write(`settlement ${phase}: ${(now - last).toFixed(0)} ms\n`);
    last = now;
  };
}
